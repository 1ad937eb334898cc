// The one logger. stdout is the MCP protocol channel, so every diagnostic goes to stderr,
// and every secret registered here (the VNDB token) is replaced before anything is written.

import { redactSecrets, tokenSpellings } from "../kana/redaction.js";

export { REDACTED } from "../kana/redaction.js";

export const LOG_LEVELS = ["error", "warn", "info", "debug"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const secrets = new Set<string>();

/**
 * Remember a secret so that `redact` (and therefore the logger and every tool result)
 * replaces it. A VNDB token is also registered without its dashes, because the API
 * ignores them and a message could echo either spelling.
 */
export function registerSecret(secret: string | undefined): void {
  if (!secret) return;
  for (const spelling of tokenSpellings(secret)) secrets.add(spelling);
}

/** Forget one secret (an HTTP session's token, when the last session using it ends). */
export function forgetSecret(secret: string): void {
  for (const spelling of tokenSpellings(secret)) secrets.delete(spelling);
}

/** Forget every registered secret (tests run several configurations in one process). */
export function clearSecrets(): void {
  secrets.clear();
}

/** Replace every registered secret in `text`. */
export function redact(text: string): string {
  return secrets.size === 0 ? text : redactSecrets(text, secrets);
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
  const name = options.name ?? "vndb-mcp-server";
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
