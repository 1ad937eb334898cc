// One connection to Redis as the shared stores use it: every command has a deadline, and
// the link knows whether Redis is usable. After a failure (refused while disconnected, an
// error, or no answer in time) it says so once in the log and refuses at once (so budget and
// cache go local without waiting); it probes again after a short pause, one command at a
// time, and when a probe answers it says once that state is shared again.

import { SharedStoreUnavailable, type SharedStoresHealth } from "./shared-stores.js";

/**
 * Longest wait for one Redis command. A Redis on the same network answers in about a
 * millisecond and the window's Lua script in a few; a command this late means Redis is
 * overloaded or gone, and a tool call should not wait for it (issue 22: no call may wait
 * more than 5 s for Redis; a call makes at most three commands in a row).
 */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** After a failure, how long commands are refused before one probe tries Redis again. */
export const REDIS_PROBE_INTERVAL_MS = 1_000;

/** The small part of the redis client used here (the package's types are large). */
export interface RedisConnection {
  sendCommand(args: string[]): Promise<unknown>;
  connect(): Promise<unknown>;
  /** Waits for replies in flight, then closes. */
  close(): Promise<unknown>;
  /** Closes at once (also stops a connect that is still retrying). */
  destroy(): void;
  readonly isReady: boolean;
  on(event: "error", listener: (error: unknown) => void): unknown;
  on(event: "ready" | "end", listener: () => void): unknown;
}

export interface RedisLinkEvents {
  /** Redis became unusable: budget and cache are local from now on (logged as a warning). */
  onError?: (message: string) => void;
  /** Redis answers again: state is shared again. */
  onRecovered?: (message: string) => void;
}

export class RedisLink {
  readonly #client: RedisConnection;
  readonly #describe: string;
  readonly #events: RedisLinkEvents;
  #health: SharedStoresHealth = { state: "shared", since: Date.now() };
  #probeAt = 0;
  #probing = false;
  #closed = false;

  constructor(client: RedisConnection, describe: string, events: RedisLinkEvents = {}) {
    this.#client = client;
    this.#describe = describe;
    this.#events = events;
    // A reconnection means the next command may probe at once instead of after the pause.
    client.on("ready", () => {
      this.#probeAt = 0;
    });
    client.on("end", () => this.lost(new Error("connection closed")));
  }

  health(): SharedStoresHealth {
    return { ...this.#health };
  }

  /** The connection failed (an 'error' event, a failed or late command). */
  lost(error: unknown): void {
    if (this.#closed) return;
    this.#probeAt = Date.now() + REDIS_PROBE_INTERVAL_MS;
    if (this.#health.state === "local") return;
    const reason = error instanceof Error ? error.message || error.name : String(error);
    this.#health = { state: "local", since: Date.now(), reason };
    this.#events.onError?.(`redis ${this.#describe}: ${reason}; request budget and answer cache are local to this replica until Redis answers again`);
  }

  /** Sends one command, or refuses at once while Redis is known to be unusable. */
  async send(args: string[]): Promise<unknown> {
    if (this.#closed) throw new SharedStoreUnavailable("the Redis connection is closed");
    let probe = false;
    if (this.#health.state === "local") {
      if (this.#probing || Date.now() < this.#probeAt || !this.#client.isReady) {
        throw new SharedStoreUnavailable(`Redis unusable since ${new Date(this.#health.since).toISOString()} (${this.#health.reason})`);
      }
      probe = this.#probing = true;
    }
    let timer: NodeJS.Timeout | undefined;
    try {
      const reply = await Promise.race([
        this.#client.sendCommand(args),
        new Promise<never>((_, reject) => {
          // The deadline is Redis's, not this process's: when the event loop was busy past it,
          // the reply may already wait on the socket, and timers run before the loop reads
          // sockets. One setImmediate lets that read happen first (under load, replicas went
          // local a few times a minute for answers that had come in time).
          timer = setTimeout(() => setImmediate(() => reject(new Error(`no answer within ${REDIS_COMMAND_TIMEOUT_MS} ms`))), REDIS_COMMAND_TIMEOUT_MS);
        }),
      ]);
      if (this.#health.state === "local") {
        const downMs = Date.now() - this.#health.since;
        this.#health = { state: "shared", since: Date.now() };
        this.#events.onRecovered?.(`redis ${this.#describe} answers again after ${Math.round(downMs / 1000)} s: request budget and answer cache are shared again`);
      }
      return reply;
    } catch (error) {
      // A command Redis itself refused (a script error) says nothing about the connection.
      if (isReplyError(error)) throw error;
      this.lost(error);
      throw new SharedStoreUnavailable(`Redis failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      clearTimeout(timer);
      if (probe) this.#probing = false;
    }
  }

  /** Closes after the replies in flight, or at once when Redis does not answer in time. */
  async close(): Promise<void> {
    this.#closed = true;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), REDIS_COMMAND_TIMEOUT_MS)));
    const closed = await Promise.race([this.#client.close().then(() => "closed", () => "late"), late]);
    clearTimeout(timer);
    if (closed === "late") this.#client.destroy();
  }
}

/** An error reply from Redis (the client names it ErrorReply). */
function isReplyError(error: unknown): boolean {
  for (let proto = error instanceof Error ? Object.getPrototypeOf(error) : null; proto; proto = Object.getPrototypeOf(proto)) {
    if (proto.constructor?.name === "ErrorReply") return true;
  }
  return false;
}
