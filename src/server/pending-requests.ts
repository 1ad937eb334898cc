// Which JSON-RPC requests a transport has received and not yet answered. The stdio server
// asks this before it shuts down on end of input, so that a client which writes its last
// request and closes the pipe (a script, `printf … | vndb-mcp`) still gets the answers.

type RequestId = string | number;

/**
 * The two hooks of an MCP transport this needs, declared structurally so that only
 * server/ and tools/define-tool.ts import the SDK (DESIGN.md). Method syntax keeps the
 * SDK's narrower message type assignable.
 */
export interface MessageTransport {
  onmessage?(message: unknown, extra?: unknown): void;
  send(message: unknown, options?: unknown): Promise<void>;
}

/** The whole of a transport, structurally (start, send, close and the three hooks). */
export interface WrappableTransport extends MessageTransport {
  start(): Promise<void>;
  close(): Promise<void>;
  onclose?(): void;
  onerror?(error: Error): void;
}

const idOf = (m: unknown): RequestId | undefined => {
  const id = m !== null && typeof m === "object" ? (m as { id?: unknown }).id : undefined;
  return typeof id === "string" || typeof id === "number" ? id : undefined;
};
const isRequest = (m: unknown): boolean => idOf(m) !== undefined && "method" in (m as object);
const isAnswer = (m: unknown): boolean => idOf(m) !== undefined && ("result" in (m as object) || "error" in (m as object));

export class PendingRequests {
  readonly #open = new Set<RequestId>();
  #onEmpty: (() => void) | undefined;

  /** Wraps an already connected transport's message hooks (call after `connect`). */
  watch(transport: MessageTransport): void {
    const receive = transport.onmessage?.bind(transport);
    transport.onmessage = (message: unknown, extra?: unknown) => {
      if (isRequest(message)) this.#open.add(idOf(message)!);
      receive?.(message, extra);
    };
    const send = transport.send.bind(transport);
    transport.send = async (message: unknown, options?: unknown) => {
      try {
        return await send(message, options);
      } finally {
        if (isAnswer(message) && this.#open.delete(idOf(message)!) && this.#open.size === 0) this.#onEmpty?.();
      }
    };
  }

  /**
   * A transport that reports to this list, for an entry that owns the transport's hooks
   * (the SDK's serveStdio sets `onmessage` itself, after `watch` could wrap it).
   */
  wrap<T extends WrappableTransport>(inner: T): WrappableTransport {
    const pending = this;
    const outer: WrappableTransport = {
      start: async () => {
        inner.onmessage = (message: unknown, extra?: unknown) => {
          if (isRequest(message)) pending.#open.add(idOf(message)!);
          outer.onmessage?.(message, extra);
        };
        inner.onclose = () => outer.onclose?.();
        inner.onerror = (error: Error) => outer.onerror?.(error);
        await inner.start();
      },
      send: async (message: unknown, options?: unknown) => {
        try {
          return await inner.send(message, options);
        } finally {
          if (isAnswer(message) && pending.#open.delete(idOf(message)!) && pending.#open.size === 0) pending.#onEmpty?.();
        }
      },
      close: () => inner.close(),
    };
    return outer;
  }

  get size(): number {
    return this.#open.size;
  }

  /** Resolves when nothing is pending, or after `timeoutMs`, whichever comes first. */
  settled(timeoutMs: number): Promise<void> {
    if (this.#open.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, timeoutMs);
      const self = this;
      function done() {
        clearTimeout(timer);
        self.#onEmpty = undefined;
        resolve();
      }
      this.#onEmpty = done;
    });
  }
}
