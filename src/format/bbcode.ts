// VNDB formatting codes (reference §13, VNDB's lib/VNDB/BBCode.pm) rendered as Markdown for
// a model. The parser follows the site's rules closely (which tags may open where, closing
// tags only close the innermost tag, whitespace handling) so that what the model reads is
// what a person sees on vndb.org; the renderer then picks the cheapest faithful Markdown.

import { SITE_ORIGIN } from "../kana/vndbid.js";

/**
 * The spoiler level at which `[spoiler]` text is shown. The site hides description spoilers
 * unless the reader chose "show all spoilers" (level 2); levels 0 and 1 only govern tags and
 * traits, whose spoiler grades have no counterpart in `[spoiler]` blocks.
 */
export const BBCODE_SPOILER_REVEAL_LEVEL = 2;

/** What a hidden `[spoiler]` block is replaced with: visible to the model, unreadable. */
export const SPOILER_MARKER = "[spoiler hidden]";

export interface BbcodeOptions {
  /** 0 none, 1 minor, 2 all; `[spoiler]` text is shown at BBCODE_SPOILER_REVEAL_LEVEL. */
  spoilerLevel?: number;
  /** Render database ids (v17, c5 …) as Markdown links; plain ids are shorter. Default true. */
  idLinks?: boolean;
}

export interface BbcodeResult {
  markdown: string;
  /** Number of `[spoiler]` blocks left out. */
  spoilersHidden: number;
}

type TagName = "b" | "i" | "u" | "s" | "spoiler" | "quote" | "code" | "raw" | "url";

type Node =
  | { kind: "text"; text: string }
  | { kind: "link"; url: string }
  | { kind: "id"; id: string }
  | { kind: "tag"; tag: TagName; target?: string; children: Node[] };

const INLINE_TAGS: ReadonlySet<TagName> = new Set(["b", "i", "u", "s", "spoiler"]);

// One token at a time: an opening/closing simple tag, [url=…], a bare link, or a database
// id. Ids are matched case-sensitively (the site only links lower-case ids), so they are a
// separate alternative checked after the case-insensitive tag match.
const TAG_RE = /\[(\/?)(b|i|u|s|spoiler|quote|code|raw|url)\]|\[url=([^\]]*)\]/iy;
// §13: http(s):// then no < > " whitespace [ ], ending in a letter, digit, _ = / or -.
const LINK_RE = /https?:\/\/[^<>"\s[\]]*[\p{L}\p{N}_=/-]/uy;
// §13 id forms, longest first: dN#N(.N), revisions/posts xN.N, plain xN; no leading zeros.
const ID_RE =
  /(?:d[1-9][0-9]*#[1-9][0-9]*(?:\.[1-9][0-9]*)?|[tdvprcswgi][1-9][0-9]*\.[1-9][0-9]*|[tdvprcsugiw][1-9][0-9]*)/y;
const WORDISH_RE = /[\p{L}\p{N}_-]/u;

/** Which tokens the innermost open tag lets through (§13 "Nesting rules"). */
function allows(context: TagName | null, token: TagName | "link" | "id"): boolean {
  if (context === null || context === "quote") return true;
  if (context === "code" || context === "raw") return false;
  if (context === "url") return token === "raw";
  // b/i/u/s/spoiler: inline tags, url, raw, bare links and ids.
  return INLINE_TAGS.has(token as TagName) || token === "url" || token === "raw" || token === "link" || token === "id";
}

function validUrlTarget(target: string): boolean {
  return /^(https?:\/\/|\/)/.test(target) && !target.includes(">") && !target.includes("]");
}

/** Parses BBCode into a tree with the site's rules. */
function parse(input: string): Node[] {
  const src = input.replace(/\r/g, "");
  const root: Node[] = [];
  const stack: { tag: TagName; node: Extract<Node, { kind: "tag" }> }[] = [];
  let text = "";
  // After [quote], [/quote], [code], [/code] one newline is swallowed.
  let eatNewline = false;

  const current = (): Node[] => (stack.length ? stack[stack.length - 1].node.children : root);
  const context = (): TagName | null => (stack.length ? stack[stack.length - 1].tag : null);
  const flush = (): void => {
    if (text) current().push({ kind: "text", text });
    text = "";
  };

  let i = 0;
  while (i < src.length) {
    if (eatNewline) {
      eatNewline = false;
      if (src[i] === "\n") {
        i++;
        continue;
      }
    }
    const ctx = context();
    const ch = src[i];
    if (ch === "[") {
      TAG_RE.lastIndex = i;
      const m = TAG_RE.exec(src);
      if (m) {
        const closing = m[1] === "/";
        const name = (m[2] ?? "url").toLowerCase() as TagName;
        const target = m[3];
        if (closing) {
          if (ctx === name) {
            flush();
            stack.pop();
            i += m[0].length;
            if (name === "quote" || name === "code") eatNewline = true;
            continue;
          }
        } else if (m[2]?.toLowerCase() === "url") {
          // A bare [url] without a target is not a tag on the site.
        } else if (allows(ctx, name) && (target === undefined || validUrlTarget(target))) {
          flush();
          const node: Extract<Node, { kind: "tag" }> = { kind: "tag", tag: name, children: [] };
          if (target !== undefined) node.target = target;
          current().push(node);
          stack.push({ tag: name, node });
          i += m[0].length;
          if (name === "quote" || name === "code") eatNewline = true;
          continue;
        }
      }
    } else if ((ch === "h" || ch === "H") && allows(ctx, "link")) {
      LINK_RE.lastIndex = i;
      const m = LINK_RE.exec(src);
      if (m && /^https?:/.test(m[0])) {
        flush();
        current().push({ kind: "link", url: m[0] });
        i += m[0].length;
        continue;
      }
    } else if (/[tdvprcsugiw]/.test(ch) && allows(ctx, "id")) {
      const before = i > 0 ? src[i - 1] : "";
      if (!before || !WORDISH_RE.test(before)) {
        ID_RE.lastIndex = i;
        const m = ID_RE.exec(src);
        if (m) {
          const after = src[i + m[0].length] ?? "";
          if (!after || !WORDISH_RE.test(after)) {
            flush();
            current().push({ kind: "id", id: m[0] });
            i += m[0].length;
            continue;
          }
        }
      }
    }
    text += ch;
    i++;
  }
  flush();
  return root;
}

/** Outside [code]: five or more newlines become two, runs of spaces become one (§13). */
function squeeze(text: string): string {
  return text.replace(/\n{5,}/g, "\n\n").replace(/ {2,}/g, " ");
}

/** Inside [raw] the site shows text literally; keep Markdown from interpreting it. */
function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_~[\]])/g, "\\$1");
}

/** Emphasis markers must hug the text, so surrounding whitespace moves outside them. */
function wrap(inner: string, marker: string): string {
  const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(inner)!;
  if (!m[2]) return inner;
  return `${m[1]}${marker}${m[2]}${marker}${m[3]}`;
}

function absolute(target: string): string {
  return target.startsWith("/") ? SITE_ORIGIN + target : target;
}

interface RenderState {
  reveal: boolean;
  idLinks: boolean;
  hidden: number;
}

function plain(nodes: Node[]): string {
  return nodes
    .map((n) => (n.kind === "text" ? n.text : n.kind === "link" ? n.url : n.kind === "id" ? n.id : plain(n.children)))
    .join("");
}

function render(nodes: Node[], st: RenderState): string {
  let out = "";
  for (const n of nodes) {
    switch (n.kind) {
      case "text":
        out += squeeze(n.text);
        break;
      case "link":
        out += n.url;
        break;
      case "id":
        out += st.idLinks ? `[${n.id}](${SITE_ORIGIN}/${n.id})` : n.id;
        break;
      case "tag":
        out += renderTag(n, st);
        break;
    }
  }
  return out;
}

function renderTag(n: Extract<Node, { kind: "tag" }>, st: RenderState): string {
  switch (n.tag) {
    case "b":
      return wrap(render(n.children, st), "**");
    case "i":
      return wrap(render(n.children, st), "*");
    case "s":
      return wrap(render(n.children, st), "~~");
    case "u":
      // Markdown has no underline; the emphasis carries no meaning a model needs.
      return render(n.children, st);
    case "spoiler": {
      if (!st.reveal) {
        st.hidden++;
        return SPOILER_MARKER;
      }
      return wrap(render(n.children, st), "||");
    }
    case "quote": {
      const inner = render(n.children, st).replace(/^\n+|\n+$/g, "");
      const quoted = inner
        .split("\n")
        .map((l) => (l ? `> ${l}` : ">"))
        .join("\n");
      return `\n${quoted}\n\n`;
    }
    case "code":
      return `\n\`\`\`\n${plain(n.children).replace(/\n+$/, "")}\n\`\`\`\n`;
    case "raw":
      return escapeMarkdown(squeeze(plain(n.children)));
    case "url": {
      // Only text and [raw] can occur inside [url]; brackets in the label must be escaped
      // so the Markdown link stays one link.
      const label = n.children
        .map((c) => (c.kind === "tag" ? renderTag(c, st) : plain([c]).replace(/([[\]])/g, "\\$1")))
        .join("")
        .replace(/\s+/g, " ")
        .trim();
      const target = absolute(n.target ?? "");
      return label ? `[${label}](${target})` : target;
    }
  }
}

/** Converts a VNDB text field (descriptions, notes) to Markdown. */
export function bbcodeToMarkdown(input: string, options: BbcodeOptions = {}): BbcodeResult {
  const st: RenderState = {
    reveal: (options.spoilerLevel ?? 0) >= BBCODE_SPOILER_REVEAL_LEVEL,
    idLinks: options.idLinks ?? true,
    hidden: 0,
  };
  const markdown = render(parse(input), st)
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return { markdown, spoilersHidden: st.hidden };
}
