// A scriptable stand-in for the Kana API on 127.0.0.1, for the client tests that need
// precise control over one exchange (a reset mid-call, a hang, an echoing proxy, a
// Retry-After). Tests that need real API behaviour use the emulator instead.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { brotliCompressSync, gzipSync } from "node:zlib";

export interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
  at: number;
}

/** What to do with one request. */
export type Reply =
  | { status: number; body?: unknown; headers?: Record<string, string>; encoding?: "gzip" | "br" }
  | { reset: true }
  | { hang: true }
  | { raw: string; status?: number };

export type Responder = (req: Seen, index: number) => Reply | Promise<Reply>;

export interface FakeKana {
  url: string;
  seen: Seen[];
  /** Replies used in order for the next requests; afterwards `fallback` answers. */
  script(...replies: Reply[]): void;
  /** Forgets seen requests and unused scripted replies. */
  reset(): void;
  close(): Promise<void>;
}

export const OK_EMPTY: Reply = { status: 200, body: { more: false, results: [] } };

export async function startFakeKana(fallback: Responder = () => OK_EMPTY): Promise<FakeKana> {
  const seen: Seen[] = [];
  const queue: Reply[] = [];
  const sockets = new Set<Socket>();
  const hanging = new Set<ServerResponse>();

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const entry: Seen = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() };
    seen.push(entry);
    const reply = queue.length > 0 ? (queue.shift() as Reply) : await fallback(entry, seen.length - 1);
    if ("reset" in reply) {
      req.socket.destroy();
      return;
    }
    if ("hang" in reply) {
      hanging.add(res);
      return;
    }
    if ("raw" in reply) {
      res.writeHead(reply.status ?? 200, { "content-type": "application/json" });
      res.end(reply.raw);
      return;
    }
    const isText = typeof reply.body === "string";
    let payload: Buffer = Buffer.from(reply.body === undefined ? "" : isText ? (reply.body as string) : JSON.stringify(reply.body), "utf8");
    const headers: Record<string, string> = {
      ...(reply.body === undefined ? {} : { "content-type": isText ? "text" : "application/json" }),
      ...reply.headers,
    };
    if (reply.encoding === "gzip") payload = gzipSync(payload);
    if (reply.encoding === "br") payload = brotliCompressSync(payload);
    if (reply.encoding) headers["content-encoding"] = reply.encoding;
    res.writeHead(reply.status, headers);
    res.end(payload);
  });
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/kana`,
    seen,
    script: (...replies) => queue.push(...replies),
    reset: () => {
      seen.length = 0;
      queue.length = 0;
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** VNDB's plain-text error reply (reference §1.3). */
export function kanaError(status: number, message: string, headers: Record<string, string> = {}): Reply {
  return { status, body: `${message}\n`, headers };
}
