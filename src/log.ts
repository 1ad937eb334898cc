// The one logger. stdout is the MCP protocol channel, so every diagnostic goes to stderr,
// and every secret registered here (the VNDB token) is replaced before anything is written.

export const LOG_LEVELS = ["error", "warn", "info", "debug"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** What a redacted secret is replaced with, wherever text leaves the process. */
export const REDACTED = "[redacted]";

/**
 * Secrets shorter than this are not redacted by substring: a 1-3 character "token" would
 * blank out ordinary words. Real VNDB tokens are 32 characters plus dashes (reference §2.3).
 */
const MIN_SECRET_LENGTH = 4;

const secrets = new Set<string>();

/**
 * Remember a secret so that `redact` (and therefore the logger and every tool result)
 * replaces it. A VNDB token is also registered without its dashes, because the API
 * ignores them and a message could echo either spelling.
 */
export function registerSecret(secret: string | undefined): void {
  if (!secret) return;
  for (const variant of [secret, secret.replace(/-/g, "")]) {
    if (variant.length >= MIN_SECRET_LENGTH) secrets.add(variant);
  }
}

/** Forget every registered secret (tests run several configurations in one process). */
export function clearSecrets(): void {
  secrets.clear();
}

/** Replace every registered secret in `text`; the longest first so no fragment survives. */
export function redact(text: string): string {
  if (secrets.size === 0) return text;
  let out = text;
  for (const s of [...secrets].sort((a, b) => b.length - a.length)) {
    if (out.includes(s)) out = out.split(s).join(REDACTED);
  }
  return out;
}

export interface Logger {
  error(message: string, data?: unknown): void;
  warn(message: string, data?: unknown): void;
  info(message: string, data?: unknown): void;
  debug(message: string, data?: unknown): void;
  readonly level: LogLevel;
}

export interface LoggerOptions {
  level?: LogLevel;
  /** Where lines go; stderr unless a test captures them. Never stdout. */
  write?: (line: string) => void;
  /** Prefix naming the program, so lines are recognisable in a host's combined log. */
  name?: string;
}

function render(data: unknown): string {
  if (data === undefined) return "";
  if (data instanceof Error) return ` ${data.name}: ${data.message}`;
  try {
    return ` ${JSON.stringify(data)}`;
  } catch {
    return ` ${String(data)}`;
  }
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const level = options.level ?? "info";
  const threshold = LOG_LEVELS.indexOf(level);
  const write = options.write ?? ((line: string) => void process.stderr.write(line));
  const name = options.name ?? "vndb-mcp";
  const emit = (at: LogLevel, message: string, data?: unknown) => {
    if (LOG_LEVELS.indexOf(at) > threshold) return;
    write(redact(`${name} [${at}] ${message}${render(data)}`) + "\n");
  };
  return {
    level,
    error: (m, d) => emit("error", m, d),
    warn: (m, d) => emit("warn", m, d),
    info: (m, d) => emit("info", m, d),
    debug: (m, d) => emit("debug", m, d),
  };
}

/** A logger that drops everything: the default for library code and quiet tests. */
export const silentLogger: Logger = createLogger({ level: "error", write: () => {} });
