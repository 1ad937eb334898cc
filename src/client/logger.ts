// How the Kana client reports what it does (requests, retries, failures). The client never
// hands a logger the token, and the default logger writes to stderr because stdout is the
// MCP protocol channel in the server.

export type KanaLogLevel = "debug" | "info" | "warn" | "error";
/** Receives one log event; never sees the token. Must not write to stdout (MCP channel). */
export type KanaLogger = (level: KanaLogLevel, message: string, fields?: Record<string, unknown>) => void;

const LEVEL_ORDER: Record<KanaLogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/** The method-per-level logger shape (as src/server/log.ts has it) is accepted too. */
export interface KanaLoggerObject {
  debug(message: string, data?: unknown): void;
  info(message: string, data?: unknown): void;
  warn(message: string, data?: unknown): void;
  error(message: string, data?: unknown): void;
}

/** The client's `logger` option as one function; without one, warnings and errors go to stderr. */
export function toLogger(logger: KanaLogger | KanaLoggerObject | undefined): KanaLogger {
  if (logger === undefined) return stderrLogger("warn");
  if (typeof logger === "function") return logger;
  return (level, message, fields) => logger[level](message, fields);
}

/** A logger writing one line per event to stderr, from `minLevel` up. */
export function stderrLogger(minLevel: KanaLogLevel = "warn"): KanaLogger {
  return (level, message, fields) => {
    if (LEVEL_ORDER[level] < LEVEL_ORDER[minLevel]) return;
    const extra = fields && Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields)}` : "";
    process.stderr.write(`[vndb-mcp] ${level}: ${message}${extra}\n`);
  };
}
