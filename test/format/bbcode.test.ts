import { describe, expect, it } from "vitest";
import { bbcodeToMarkdown, SPOILER_MARKER } from "../../src/format/bbcode.js";

// Each row: VNDB formatting codes in, the Markdown a model should read out (reference §13).
const CASES: [string, string, string][] = [
  ["bold", "a [b]bold[/b] b", "a **bold** b"],
  ["tags are case-insensitive", "[B]x[/B] [I]y[/i]", "**x** *y*"],
  ["italic and strike", "[i]it[/i] [s]gone[/s]", "*it* ~~gone~~"],
  ["underline has no Markdown form", "[u]under[/u]", "under"],
  ["emphasis hugs its text", "[b] spaced [/b]x", "**spaced** x"],
  ["empty emphasis disappears", "a[b][/b]b", "ab"],
  ["url with absolute target", "[url=https://example.com/a]site[/url]", "[site](https://example.com/a)"],
  ["site-relative url", "[url=/v17]Ever17[/url]", "[Ever17](https://vndb.org/v17)"],
  ["invalid url target stays literal", "[url=foo]x[/url]", "[url=foo]x[/url]"],
  ["url target with > stays literal", "[url=http://a>b]x[/url]", "[url=http://a>b]x[/url]"],
  ["bare [url] is not a tag", "[url]x[/url]", "[url]x[/url]"],
  ["no auto-links inside url", "[url=https://a.org]see v17 https://b.org[/url]", "[see v17 https://b.org](https://a.org)"],
  ["raw inside url", "[url=https://a.org][raw][b][/raw][/url]", "[\\[b\\]](https://a.org)"],
  ["unknown tags stay literal", "[bold]x[/bold]", "[bold]x[/bold]"],
  ["bare link", "see https://example.com/page.", "see https://example.com/page."],
  ["bare link must end in a word char", "go http://x.org/a?b=c", "go http://x.org/a?b=c"],
  ["database ids become links", "like v17 and c5", "like [v17](https://vndb.org/v17) and [c5](https://vndb.org/c5)"],
  ["revision and doc ids", "v17.3 d9#4", "[v17.3](https://vndb.org/v17.3) [d9#4](https://vndb.org/d9#4)"],
  ["ids need non-word neighbours", "abcv17 v17-x v017 V17", "abcv17 v17-x v017 V17"],
  ["id followed by a full stop", "read v17.", "read [v17](https://vndb.org/v17)."],
  ["raw shows codes literally", "[raw][b]not bold[/b] v17[/raw]", "\\[b\\]not bold\\[/b\\] v17"],
  ["code is fenced and unparsed", "[code]\n[b]x[/b]\n[/code]\nafter", "```\n[b]x[/b]\n```\nafter"],
  ["quote prefixes lines", "[quote]\nline one\nline two[/quote]\nrest", "> line one\n> line two\n\nrest"],
  ["quote may hold anything", "[quote][code]x[/code][/quote]", "> ```\n> x\n> ```"],
  ["quote not recognised inside bold", "[b][quote]x[/quote][/b]", "**[quote]x[/quote]**"],
  ["code not recognised inside italic", "[i][code]x[/code][/i]", "*[code]x[/code]*"],
  ["closing tag must close the innermost", "[b]a[i]b[/b]c[/i]d", "**a*b[/b]c*d**"],
  ["unclosed tags close at the end", "[b]open", "**open**"],
  ["stray closing tag stays literal", "a[/b]", "a[/b]"],
  ["carriage returns removed", "a\r\nb", "a\nb"],
  ["five newlines collapse to two", "a\n\n\n\n\nb", "a\n\nb"],
  ["space runs collapse", "a    b", "a b"],
  ["spaces kept inside code", "[code]a    b[/code]", "```\na    b\n```"],
  ["nested inline formatting", "[b][i]x[/i][/b]", "***x***"],
  ["source note brackets are text", "[From [url=https://en.wikipedia.org/wiki/Ever17]Wikipedia[/url]]", "[From [Wikipedia](https://en.wikipedia.org/wiki/Ever17)]"],
];

describe("bbcodeToMarkdown", () => {
  it.each(CASES)("%s", (_name, input, expected) => {
    expect(bbcodeToMarkdown(input).markdown).toBe(expected);
  });

  it.each([
    ["hidden by default and counted", "a [spoiler]secret[/spoiler] b [spoiler]more[/spoiler]", 0, `a ${SPOILER_MARKER} b ${SPOILER_MARKER}`, 2],
    ["hidden at level 1", "[spoiler]secret[/spoiler]", 1, SPOILER_MARKER, 1],
    ["shown at level 2", "[spoiler]secret[/spoiler]", 2, "||secret||", 0],
    ["case-insensitive", "[SPOILER]x[/SPOILER]", 0, SPOILER_MARKER, 1],
    ["nested in bold", "[b]a [spoiler]x[/spoiler][/b]", 0, `**a ${SPOILER_MARKER}**`, 1],
    ["unclosed spoiler still hides the rest", "ok [spoiler]the end", 0, `ok ${SPOILER_MARKER}`, 1],
  ] as const)("spoiler: %s", (_n, input, level, expected, hidden) => {
    const r = bbcodeToMarkdown(input, { spoilerLevel: level });
    expect(r.markdown).toBe(expected);
    expect(r.spoilersHidden).toBe(hidden);
    if (level < 2) expect(r.markdown).not.toMatch(/secret|more|the end/);
  });

  it("plain ids when links are off", () => {
    expect(bbcodeToMarkdown("see v17", { idLinks: false }).markdown).toBe("see v17");
  });

  it("real description: spoiler paragraph hidden, source note linked", () => {
    const src =
      "Intro.\n\n[spoiler] The story centers on Naoya.\n\nMore. [/spoiler]\n\nThe end.\n\n[From [url=https://moe.example/x]Moe[/url]]";
    const r = bbcodeToMarkdown(src);
    expect(r.markdown).toBe(`Intro.\n\n${SPOILER_MARKER}\n\nThe end.\n\n[From [Moe](https://moe.example/x)]`);
    expect(r.spoilersHidden).toBe(1);
  });
});
