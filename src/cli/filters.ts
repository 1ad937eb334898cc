// `vndb-mcp-server filters`: converts filters between the JSON form, the compact string and
// vndb.org search URLs, offline, with the same validation and error texts as the API.

import { parseStrictJson } from "../kana/json-strict.js";
import { validateFilters, filterErrorMessage } from "../kana/filter-validate.js";
import { filterOutputs } from "../kana/filter-output.js";
import { filterEntity } from "../kana/filters.js";
import { parseSearchUrl, searchPageUrl } from "../kana/site-search.js";
import { QUERY_ENDPOINTS, type QueryEndpoint } from "../kana/types.js";

/** What VNDB answers for a body that is not valid JSON (reference §1.3). */
const INVALID_JSON_MESSAGE = "Invalid request (most likely: invalid JSON or non-UTF8 data).";

export const FILTERS_USAGE = `Usage: vndb-mcp-server filters [--type TYPE] --to FORMAT [--user ID] [VALUE]

Converts a VNDB API filter between its forms, validating it exactly as the API does.

  --type TYPE    vn, release, producer, character, staff, tag, trait, quote or ulist
                 (default: taken from a vndb.org URL, else vn)
  --to FORMAT    json     the normalized filter (what "normalized_filters" echoes)
                 compact  the compact string (what "compact_filters" echoes)
                 url      a vndb.org search URL (not for quote and ulist: no search page)
  --user ID      the request's "user" member, used to complete bare label ids
  VALUE          a filter as JSON ('["lang","=","en"]'), a compact string, or a
                 https://vndb.org/v?f=... URL

Without VALUE, each line of standard input is read as one JSON value exactly as it would be
sent as "filters" (so a compact string is a quoted JSON string), and one line is written per
input line: the result, or "error: " and VNDB's message. Line breaks inside a result are
written as the two characters \\n. The exit status is 1 when any value was refused.

Examples:
  vndb-mcp-server filters --to compact '["and",["lang","=","en"],["olang","!=","ja"]]'
  vndb-mcp-server filters --to json 'https://vndb.org/v?f=03132gen2gde2gfr3hjaN180272_0c2vQN6830u'
  vndb-mcp-server filters --type release --to url '["released",">=","2020"]'
`;

export interface CliIo {
  stdin: AsyncIterable<string | Buffer>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

type Format = "json" | "compact" | "url";

interface Options {
  type?: QueryEndpoint;
  to?: Format;
  user?: string;
  value?: string;
  help: boolean;
}

class UsageError extends Error {}

function parseArgs(args: readonly string[]): Options {
  const opts: Options = { help: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const eq = arg.indexOf("=");
    const [flag, inline] = arg.startsWith("--") && eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
    const next = (): string => {
      if (inline !== undefined) return inline;
      const v = args[++i];
      if (v === undefined) throw new UsageError(`${flag} needs a value`);
      return v;
    };
    if (flag === "--help" || flag === "-h") opts.help = true;
    else if (flag === "--type") {
      const t = next();
      if (!(QUERY_ENDPOINTS as readonly string[]).includes(t)) throw new UsageError(`unknown type '${t}'`);
      opts.type = t as QueryEndpoint;
    } else if (flag === "--to") {
      const f = next();
      if (f !== "json" && f !== "compact" && f !== "url") throw new UsageError(`unknown format '${f}' (json, compact or url)`);
      opts.to = f;
    } else if (flag === "--user") opts.user = next();
    else if (flag === "--") {
      if (i + 1 < args.length) opts.value = args.slice(i + 1).join(" ");
      break;
    } else if (flag.startsWith("--")) throw new UsageError(`unknown option '${flag}'`);
    else if (opts.value === undefined) opts.value = arg;
    else throw new UsageError("give one value (quote it)");
  }
  return opts;
}

/** Values that look like a URL are read as vndb.org search URLs, never as compact strings. */
const URL_RE = /^https?:\/\//i;

type Outcome = { ok: true; text: string } | { ok: false; message: string };

function convert(endpoint: QueryEndpoint, filters: unknown, to: Format, user: string | undefined): Outcome {
  if (to === "url" && (endpoint === "quote" || endpoint === "ulist")) {
    return { ok: false, message: `vndb.org has no search page for ${endpoint} filters; use --to compact or --to json` };
  }
  const result = validateFilters(endpoint, filters, { session: null, rawUser: user });
  if (!result.ok) return { ok: false, message: filterErrorMessage(result.error) };
  const out = filterOutputs(endpoint, result.filter, { compact: to !== "json", normalized: to === "json" });
  if (to === "json") return { ok: true, text: JSON.stringify(out.normalizedFilters) };
  if (to === "compact") return { ok: true, text: out.compactFilters! };
  return { ok: true, text: searchPageUrl(filterEntity(endpoint), out.compactFilters!)! };
}

/** A command-line value: a site URL, JSON, or else the raw text (a compact string). */
function readArgument(text: string, type: QueryEndpoint | undefined): { endpoint: QueryEndpoint; filters: unknown } {
  const site = URL_RE.test(text.trim()) ? parseSearchUrl(text) : null;
  if (site !== null && !site.ok) throw new UsageError(site.message);
  if (site !== null) {
    if (type !== undefined && filterEntity(type) !== site.type) {
      throw new UsageError(`the URL is a ${site.type} search, but --type is ${type}`);
    }
    return { endpoint: type ?? site.type, filters: site.filters };
  }
  const parsed = parseStrictJson(text);
  return { endpoint: type ?? "vn", filters: parsed.ok ? parsed.value : text };
}

async function* lines(input: AsyncIterable<string | Buffer>): AsyncGenerator<string> {
  let pending = "";
  for await (const chunk of input) {
    pending += typeof chunk === "string" ? chunk : chunk.toString("utf8");
    let nl: number;
    while ((nl = pending.indexOf("\n")) >= 0) {
      yield pending.slice(0, nl).replace(/\r$/, "");
      pending = pending.slice(nl + 1);
    }
  }
  if (pending !== "") yield pending.replace(/\r$/, "");
}

/** Runs the subcommand; resolves to the exit status. */
export async function runFilters(args: readonly string[], io: CliIo): Promise<number> {
  let opts: Options;
  try {
    opts = parseArgs(args);
    if (opts.help) {
      io.stdout(FILTERS_USAGE);
      return 0;
    }
    if (opts.to === undefined) throw new UsageError("--to is required (json, compact or url)");
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr(`vndb-mcp-server filters: ${e.message}\nRun 'vndb-mcp-server filters --help' for usage.\n`);
    return 2;
  }
  const to = opts.to;

  if (opts.value !== undefined) {
    let input: { endpoint: QueryEndpoint; filters: unknown };
    try {
      input = readArgument(opts.value, opts.type);
    } catch (e) {
      if (!(e instanceof UsageError)) throw e;
      io.stderr(`vndb-mcp-server filters: ${e.message}\n`);
      return 2;
    }
    const out = convert(input.endpoint, input.filters, to, opts.user);
    if (!out.ok) {
      io.stderr(`${out.message}\n`);
      return 1;
    }
    io.stdout(`${out.text}\n`);
    return 0;
  }

  const endpoint = opts.type ?? "vn";
  let status = 0;
  for await (const line of lines(io.stdin)) {
    const parsed = parseStrictJson(line);
    const out: Outcome = parsed.ok
      ? convert(endpoint, parsed.value, to, opts.user)
      : { ok: false, message: INVALID_JSON_MESSAGE };
    if (!out.ok) status = 1;
    const text = out.ok ? out.text : `error: ${out.message}`;
    io.stdout(`${text.replace(/\n/g, "\\n")}\n`);
  }
  return status;
}
