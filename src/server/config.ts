// Server configuration from environment variables and command-line flags, validated with
// zod. Flags win over the environment. The token comes only from the environment: a flag
// would show it in `ps` output. Error messages name the setting, never the token's value.

import { z } from "zod";
import { didYouMean } from "../kana/hints.js";
import { LOG_LEVELS, type LogLevel } from "./log.js";
import { FALSE_WORDS, TRUE_WORDS } from "./bool-words.js";
import { MIN_SECRET_CHARS } from "../auth/limits.js";
import type { OAuthSettings } from "../auth/options.js";
import type { MirrorData } from "./mirror-data.js";

/** The live API base (reference §1.1). */
export const DEFAULT_API_URL = "https://api.vndb.org/kana";

/** Issue 5: "A response never exceeds a configurable size (default about 6,000 tokens)". */
export const DEFAULT_MAX_RESPONSE_TOKENS = 6_000;
/** Below this a single VN with brief fields no longer fits; the cap would only truncate. */
export const MIN_MAX_RESPONSE_TOKENS = 500;
/** Above this one answer would crowd out a typical 200k-token context on its own. */
export const MAX_MAX_RESPONSE_TOKENS = 100_000;

/** VNDB spoiler levels (reference §6.1 tags[].spoiler): 0 none, 1 minor, 2 major. */
export const SPOILER_LEVELS = [0, 1, 2] as const;
export type SpoilerLevel = (typeof SPOILER_LEVELS)[number];

/**
 * Token shape checked by the real service (reference §2.3): dashes anywhere, otherwise
 * lowercase z-base-32, exactly 32 characters once the dashes are removed.
 */
const TOKEN_ALPHABET = /^[-ybndrfg8ejkmcpqxot1uwisza345h769]+$/;
const TOKEN_LENGTH = 32;

export interface ServerConfig {
  /** The VNDB API token, or undefined when none is configured. Never print it. */
  token: string | undefined;
  readOnly: boolean;
  spoilerLevel: SpoilerLevel;
  maxResponseTokens: number;
  apiUrl: string;
  /** Run against the in-process emulator with its bundled catalogue (no network). */
  embedded: boolean;
  /**
   * A mirror's root folder (--mirror DIR; `mirror sync --dir DIR` fills it): its `current`
   * build answers catalogue requests, VNDB the user's own (client/local-route.ts).
   */
  mirror?: string;
  /** The build a mirror serves now, set by the CLI once it is read (live: a refresh changes it). */
  mirrorData?: MirrorData;
  /** How often the server refreshes the mirror (ms); null: never. Absent: the default (server/mirror-refresh.ts). */
  mirrorRefreshMs?: number | null;
  /** Past this age of the mirror's data (ms), /healthz says "degraded". Absent: the default. */
  mirrorMaxAgeMs?: number;
  logLevel: LogLevel;
  /** Redis shared by replicas for the request budget and the answer cache (docs/deployment.md). */
  redisUrl: string | undefined;
  /** OAuth at the HTTP endpoint (--oauth; docs/oauth.md); absent: bearer tokens are VNDB tokens. */
  oauth?: OAuthSettings;
  /**
   * The MCP App views blur a cover whose VNDB image flags average above these (0 safe/tame,
   * 1 suggestive/violent, 2 explicit/brutal) until the reader reveals it. Optional so a
   * configuration written before the views still works: absent means 0, VNDB's own default.
   */
  imageSexual?: ImageLevel;
  imageViolence?: ImageLevel;
}

export type ImageLevel = 0 | 1 | 2;

/** List-write tools exist only with a token and outside read-only mode (issue 5 item 5). */
export function writesEnabled(config: ServerConfig): boolean {
  return config.token !== undefined && !config.readOnly;
}

export type ConfigResult =
  | { kind: "run"; config: ServerConfig }
  | { kind: "help" }
  | { kind: "version" }
  | { kind: "error"; message: string };

export const HELP_TEXT = `vndb-mcp-server: an MCP server for the VNDB visual novel database.

Usage: vndb-mcp-server [options]            serve MCP on stdio (what Claude Desktop runs)
       vndb-mcp-server --http [options]     serve Streamable HTTP on /mcp
       vndb-mcp-server filters --help       convert and check VNDB filters
       vndb-mcp-server emulator --help      run the Kana emulator on loopback

Options (each also settable through the environment variable shown):
  --embedded                 answer from the bundled offline sample of real VNDB data, no
                             network (VNDB_EMBEDDED=1; default off: the live API)
  --read-only                never offer list-write tools (VNDB_READ_ONLY=1; default off)
  --spoiler-level <0|1|2>    highest spoiler level shown (VNDB_SPOILER_LEVEL, default 0)
  --image-sexual <0|1|2>     covers above this sexual level are blurred in the app views
                             until revealed (VNDB_IMAGE_SEXUAL, default 0: safe)
  --image-violence <0|1|2>   likewise for violence (VNDB_IMAGE_VIOLENCE, default 0: tame)
  --max-response-tokens <n>  cap on one tool answer (VNDB_MAX_RESPONSE_TOKENS, default ${DEFAULT_MAX_RESPONSE_TOKENS})
  --api-url <url>            API base (VNDB_API_URL, default ${DEFAULT_API_URL})
  --mirror <dir>             answer catalogue questions from a local mirror of VNDB's dumps
                             (VNDB_MIRROR; fill it with \`vndb-mcp-server mirror sync --dir <dir>\`);
                             lists, writes and /authinfo still go to VNDB with your token
  --mirror-refresh <every>   rebuild the mirror in the background: off, daily, or e.g. 12h
                             (VNDB_MIRROR_REFRESH; default daily with --http, else off)
  --mirror-max-age <age>     /healthz degrades when the data is older, e.g. 3d
                             (VNDB_MIRROR_MAX_AGE, default 3d)
  --log-level <level>        error|warn|info|debug on stderr (VNDB_LOG_LEVEL, default info)
  -h, --help                 show this text
  -v, --version              print the version

HTTP (docs/http.md):
  --http                     serve Streamable HTTP instead of stdio (VNDB_HTTP=1)
  --port <n>                 port (VNDB_HTTP_PORT, default 3939)
  --host <addr>              address to bind (VNDB_HTTP_HOST, default 127.0.0.1)
  --stateless                no sessions, for replicas behind a load balancer (VNDB_HTTP_STATELESS=1)
  VNDB_HTTP_ALLOWED_HOSTS    extra Host header values accepted, comma-separated (default: loopback names)
  VNDB_HTTP_ALLOWED_ORIGINS  Origin header values accepted, comma-separated (default: none)
  VNDB_HTTP_MAX_BODY_BYTES   largest request body (default 1048576)
  VNDB_HTTP_MAX_CONCURRENT   requests in flight per client address (default 8)
  VNDB_HTTP_MAX_SESSIONS     live sessions at most; past it 503 + Retry-After (default 2000)
  VNDB_HTTP_SESSION_IDLE_S   an idle session closes after this many seconds (default 300)
  VNDB_HTTP_DRAIN_S          on SIGTERM, how long running calls may finish (default 10)
  VNDB_HTTP_TRUSTED_PROXIES  proxies (IPs or CIDRs) whose X-Forwarded-For names the client
                             (default: none; X-Forwarded-For is then ignored)
  VNDB_HTTP_MAX_SESSIONS_PER_CLIENT  live sessions per address, per person in a host pool (default 64)
  VNDB_HTTP_POOL_RANGES      host pools whose addresses are many people, IPs or CIDRs
                             (default: "default", claude.ai's egress; "none": no pools)
  VNDB_HTTP_HEADERS_TIMEOUT_S / VNDB_HTTP_REQUEST_TIMEOUT_S  slow clients get 408 (default 10 / 30)
  --oauth                    sign people in with OAuth 2.1 (a page where they paste their VNDB
                             token) instead of taking a VNDB token as the bearer (VNDB_HTTP_OAUTH=1;
                             docs/oauth.md)
  VNDB_OAUTH_PUBLIC_URL      the https base URL clients reach the server at (default: a local
                             trial on http://<host>:<port>)
  VNDB_OAUTH_SECRET          seals stored VNDB tokens, the same on every replica, at least
                             ${MIN_SECRET_CHARS} characters (default: random per start, so connections end with it)

Environment only:
  VNDB_TOKEN                 optional; enables the list tools (stdio). Make one on vndb.org under
                             My Profile -> Applications (https://vndb.org/u<your id>/tokens) with
                             list read and write access. Over HTTP each client sends its own.
  VNDB_REDIS_URL             Redis shared by replicas: request budget and answer cache
                             (default: in memory)`;

/**
 * Claude Desktop passes an optional setting the user left empty as the literal text
 * "${user_config.x}" (issue 5 item 6). Such a value, or an empty one, means "unset".
 */
export function isUnset(value: string | undefined): value is undefined {
  if (value === undefined) return true;
  const v = value.trim();
  return v === "" || v.startsWith("${");
}


const boolText = (name: string) =>
  z.string().transform((v, ctx) => {
    const w = v.trim().toLowerCase();
    if (TRUE_WORDS.has(w)) return true;
    if (FALSE_WORDS.has(w)) return false;
    ctx.addIssue({ code: "custom", message: `${name} must be 1/0 or true/false (got "${v}")` });
    return z.NEVER;
  });

const intText = (name: string, min: number, max: number) =>
  z.string().transform((v, ctx) => {
    const n = Number(v.trim());
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: "custom", message: `${name} must be an integer from ${min} to ${max} (got "${v}")` });
      return z.NEVER;
    }
    return n;
  });

/** "off", "daily", or a whole number of minutes, hours or days ("30m", "12h", "2d"), in ms; null for off. */
export function parseEvery(text: string): number | null | undefined {
  const v = text.trim().toLowerCase();
  if (v === "off" || FALSE_WORDS.has(v)) return null;
  if (v === "daily") return DAY_MS;
  const m = /^(\d+)\s*(m|h|d)$/.exec(v);
  if (!m) return undefined;
  const n = Number(m[1]);
  return n > 0 ? n * { m: 60_000, h: 3_600_000, d: DAY_MS }[m[2] as "m" | "h" | "d"] : undefined;
}

const DAY_MS = 24 * 3_600_000;

const everyText = (name: string, allowOff: boolean) =>
  z.string().transform((v, ctx) => {
    const ms = parseEvery(v);
    if (ms === undefined || (ms === null && !allowOff)) {
      ctx.addIssue({ code: "custom", message: `${name} must be ${allowOff ? "off, daily or " : ""}a duration such as 30m, 12h or 3d (got "${v}")` });
      return z.NEVER;
    }
    return ms;
  });

const RawConfig = z.object({
  token: z
    .string()
    .transform((v) => v.trim())
    .superRefine((v, ctx) => {
      // The message describes the problem without echoing the value.
      if (!TOKEN_ALPHABET.test(v) || v.replace(/-/g, "").length !== TOKEN_LENGTH) {
        ctx.addIssue({
          code: "custom",
          message:
            "VNDB_TOKEN does not look like a VNDB API token (expected 32 lowercase letters/digits, " +
            "optionally grouped with dashes, as shown on vndb.org); copy it again from your token page",
        });
      }
    })
    .optional(),
  readOnly: boolText("VNDB_READ_ONLY / --read-only").optional(),
  spoilerLevel: intText("VNDB_SPOILER_LEVEL / --spoiler-level", 0, 2).optional(),
  imageSexual: intText("VNDB_IMAGE_SEXUAL / --image-sexual", 0, 2).optional(),
  imageViolence: intText("VNDB_IMAGE_VIOLENCE / --image-violence", 0, 2).optional(),
  maxResponseTokens: intText(
    "VNDB_MAX_RESPONSE_TOKENS / --max-response-tokens",
    MIN_MAX_RESPONSE_TOKENS,
    MAX_MAX_RESPONSE_TOKENS,
  ).optional(),
  apiUrl: z
    .string()
    .transform((v) => v.trim().replace(/\/+$/, ""))
    .pipe(z.url({ protocol: /^https?$/, error: "VNDB_API_URL / --api-url must be an http(s) URL" }))
    .optional(),
  embedded: boolText("VNDB_EMBEDDED / --embedded").optional(),
  mirror: z.string().trim().min(1).optional(),
  mirrorRefresh: everyText("VNDB_MIRROR_REFRESH / --mirror-refresh", true).optional(),
  mirrorMaxAge: everyText("VNDB_MIRROR_MAX_AGE / --mirror-max-age", false).optional(),
  redisUrl: z
    .string()
    .trim()
    .pipe(z.url({ protocol: /^rediss?$/, error: "VNDB_REDIS_URL must be a redis:// or rediss:// URL" }))
    .optional(),
  // OAuth at the HTTP endpoint (docs/oauth.md): on/off, where it is reached, what it seals with.
  oauth: boolText("VNDB_HTTP_OAUTH / --oauth").optional(),
  oauthPublicUrl: z
    .string()
    .trim()
    .pipe(
      z.url({ protocol: /^https?$/, error: "VNDB_OAUTH_PUBLIC_URL must be an https URL" }).refine((v) => {
        const url = new URL(v);
        return (url.protocol === "https:" || ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname)) && url.pathname === "/" && !url.search && !url.hash;
      }, "VNDB_OAUTH_PUBLIC_URL must be an https origin without path, query or fragment, e.g. https://vndb-mcp.example.org (plain http only for localhost)"),
    )
    .optional(),
  oauthSecret: z
    .string()
    .refine((v) => v.length >= MIN_SECRET_CHARS, `VNDB_OAUTH_SECRET must be at least ${MIN_SECRET_CHARS} characters (a random string, e.g. from openssl rand -base64 32)`)
    .optional(),
  logLevel: z
    .enum(LOG_LEVELS, { error: `VNDB_LOG_LEVEL / --log-level must be one of ${LOG_LEVELS.join(", ")}` })
    .optional(),
});
type RawConfig = z.input<typeof RawConfig>;

const FLAGS_WITH_VALUE: Record<string, keyof RawConfig> = {
  "--spoiler-level": "spoilerLevel",
  "--image-sexual": "imageSexual",
  "--image-violence": "imageViolence",
  "--max-response-tokens": "maxResponseTokens",
  "--api-url": "apiUrl",
  "--log-level": "logLevel",
  "--mirror": "mirror",
  "--mirror-refresh": "mirrorRefresh",
  "--mirror-max-age": "mirrorMaxAge",
};
const BOOLEAN_FLAGS: Record<string, keyof RawConfig> = {
  "--embedded": "embedded",
  "--read-only": "readOnly",
  "--oauth": "oauth",
};

/** Every server flag, for suggestions (the HTTP ones are taken out of argv before this parser runs). */
const KNOWN_FLAGS = [...Object.keys(FLAGS_WITH_VALUE), ...Object.keys(BOOLEAN_FLAGS), "--help", "--version", "--http", "--port", "--host", "--stateless"];

/** "unknown option --embeded; did you mean --embedded?" */
function unknownOption(arg: string): string {
  const shown = arg.length > 60 ? `${arg.slice(0, 60)}…` : arg;
  const near = arg.length <= 60 ? didYouMean(arg.replace(/=.*$/, ""), KNOWN_FLAGS)[0] : undefined;
  return `unknown option ${JSON.stringify(shown)}${near ? `; did you mean ${near}?` : ""} (see --help)`;
}

/** Parse flags and environment into a validated configuration, or say what is wrong. */
export function loadConfig(argv: readonly string[], env: NodeJS.ProcessEnv): ConfigResult {
  const raw: Record<string, string | undefined> = {
    token: env.VNDB_TOKEN,
    readOnly: env.VNDB_READ_ONLY,
    spoilerLevel: env.VNDB_SPOILER_LEVEL,
    imageSexual: env.VNDB_IMAGE_SEXUAL,
    imageViolence: env.VNDB_IMAGE_VIOLENCE,
    maxResponseTokens: env.VNDB_MAX_RESPONSE_TOKENS,
    apiUrl: env.VNDB_API_URL,
    embedded: env.VNDB_EMBEDDED,
    mirror: env.VNDB_MIRROR,
    mirrorRefresh: env.VNDB_MIRROR_REFRESH,
    mirrorMaxAge: env.VNDB_MIRROR_MAX_AGE,
    logLevel: env.VNDB_LOG_LEVEL,
    redisUrl: env.VNDB_REDIS_URL,
    oauth: env.VNDB_HTTP_OAUTH,
    oauthPublicUrl: env.VNDB_OAUTH_PUBLIC_URL,
    oauthSecret: env.VNDB_OAUTH_SECRET,
  };
  for (const key of Object.keys(raw)) if (isUnset(raw[key])) raw[key] = undefined;
  if (raw.logLevel) raw.logLevel = raw.logLevel.trim().toLowerCase();

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "-h" || arg === "--help") return { kind: "help" };
    if (arg === "-v" || arg === "--version") return { kind: "version" };
    if (arg === "--token" || arg.startsWith("--token=")) {
      return {
        kind: "error",
        message: "--token is not accepted (it would be visible in the process list); set VNDB_TOKEN instead",
      };
    }
    const [name, inline] = arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    if (name in BOOLEAN_FLAGS) {
      raw[BOOLEAN_FLAGS[name]!] = inline ?? "1";
      continue;
    }
    if (name in FLAGS_WITH_VALUE) {
      const value = inline ?? argv[++i];
      if (value === undefined) return { kind: "error", message: `${name} needs a value` };
      raw[FLAGS_WITH_VALUE[name]!] = value;
      continue;
    }
    return { kind: "error", message: unknownOption(arg) };
  }

  const parsed = RawConfig.safeParse(raw);
  if (!parsed.success) {
    return { kind: "error", message: parsed.error.issues.map((i) => i.message).join("; ") };
  }
  const v = parsed.data;
  if (v.embedded && v.mirror !== undefined) {
    return { kind: "error", message: "--embedded (VNDB_EMBEDDED) and --mirror (VNDB_MIRROR) exclude each other: the offline sample or a full mirror, not both" };
  }
  if (v.mirror === undefined && (v.mirrorRefresh !== undefined || v.mirrorMaxAge !== undefined)) {
    return { kind: "error", message: "--mirror-refresh and --mirror-max-age need --mirror (VNDB_MIRROR)" };
  }
  return {
    kind: "run",
    config: {
      token: v.token,
      readOnly: v.readOnly ?? false,
      spoilerLevel: (v.spoilerLevel ?? 0) as SpoilerLevel,
      imageSexual: (v.imageSexual ?? 0) as ImageLevel,
      imageViolence: (v.imageViolence ?? 0) as ImageLevel,
      maxResponseTokens: v.maxResponseTokens ?? DEFAULT_MAX_RESPONSE_TOKENS,
      apiUrl: v.apiUrl ?? DEFAULT_API_URL,
      embedded: v.embedded ?? false,
      ...(v.mirror !== undefined ? { mirror: v.mirror } : {}),
      ...(v.mirrorRefresh !== undefined ? { mirrorRefreshMs: v.mirrorRefresh } : {}),
      ...(v.mirrorMaxAge !== undefined ? { mirrorMaxAgeMs: v.mirrorMaxAge as number } : {}),
      logLevel: v.logLevel ?? "info",
      redisUrl: v.redisUrl,
      ...(v.oauth ? { oauth: { ...(v.oauthPublicUrl ? { publicUrl: v.oauthPublicUrl } : {}), ...(v.oauthSecret ? { secret: v.oauthSecret } : {}) } } : {}),
    },
  };
}

/** A one-line description of the configuration that is safe to log. */
export function describeConfig(config: ServerConfig): string {
  return [
    config.embedded ? "embedded emulator" : config.mirror !== undefined ? `mirror ${config.mirror} (user data from ${config.apiUrl})` : config.apiUrl,
    config.token ? "token set" : "no token",
    config.readOnly ? "read-only" : writesEnabled(config) ? "list writes enabled" : "read-only (no token)",
    `spoiler level ${config.spoilerLevel}`,
    `response cap ${config.maxResponseTokens} tokens`,
    ...(config.redisUrl ? ["budget and cache shared on Redis"] : []),
    ...(config.oauth ? ["OAuth sign-in"] : []),
  ].join(", ");
}
