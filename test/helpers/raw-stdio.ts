// The stdio server as a child process spoken to in raw JSON-RPC lines, for what an SDK
// client would never send: a cancel in the same write as its call, oversized or malformed
// messages, deep JSON.

import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

export type Message = Record<string, unknown> & { id?: number | string; result?: unknown; error?: { code: number; message: string } };

export interface RawServer {
  child: ChildProcessWithoutNullStreams;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  /** Writes text to stdin as is. */
  write(text: string): void;
  /** Sends a request and resolves with its answer (or rejects if the process exits first). */
  request(id: number | string, method: string, params?: object): Promise<Message>;
  /** Resolves with the answer to `id` once it arrives. */
  answer(id: number | string): Promise<Message>;
  /** The next answer that carries no id (to a message whose id was missing or unusable). */
  nextUnaddressed(): Promise<Message>;
  /** Resolves with a description of the exit, if the process exits. */
  exited: Promise<string>;
  close(): void;
}

/** The server from source; a build's entry (the bundle, for bench:server) works the same. */
const SOURCE_ENTRY = ["--import", "tsx", "src/cli/main.ts"];

export async function startRawServer(
  args: string[] = ["--embedded", "--log-level", "warn"],
  env: Record<string, string> = {},
  entry: string[] = SOURCE_ENTRY,
): Promise<RawServer> {
  const child = spawn(process.execPath, [...entry, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
  });
  let out = "";
  let err = "";
  const answers = new Map<string, Message>();
  const unaddressed: Message[] = [];
  const unaddressedWaiting: Array<(m: Message) => void> = [];
  const waiting = new Map<string, (m: Message) => void>();
  const exited = new Promise<string>((resolve) => child.once("exit", (code, signal) => resolve(`exited (${code ?? signal})`)));
  child.stderr.on("data", (d: Buffer) => (err += d.toString("utf8")));
  child.stdout.on("data", (d: Buffer) => {
    out += d.toString("utf8");
    let nl: number;
    while ((nl = out.indexOf("\n")) >= 0) {
      const msg = JSON.parse(out.slice(0, nl)) as Message;
      out = out.slice(nl + 1);
      if (msg.id === undefined) {
        // An answer to a message whose id was unusable (or absent): in order of arrival.
        const taker = unaddressedWaiting.shift();
        if (taker) taker(msg);
        else unaddressed.push(msg);
        continue;
      }
      const key = JSON.stringify(msg.id);
      answers.set(key, msg);
      waiting.get(key)?.(msg);
    }
  });
  const answer = (id: number | string) => {
    const key = JSON.stringify(id);
    const got = answers.get(key);
    if (got) return Promise.resolve(got);
    return Promise.race([
      new Promise<Message>((resolve) => waiting.set(key, resolve)),
      exited.then((why) => Promise.reject(new Error(`server ${why} before answering ${key}\n${err}`))),
    ]);
  };
  const write = (text: string) => void child.stdin.write(text);
  const request = (id: number | string, method: string, params: object = {}) => {
    write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    return answer(id);
  };
  await request("init", "initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } });
  write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
  const nextUnaddressed = () => {
    const got = unaddressed.shift();
    if (got) return Promise.resolve(got);
    return Promise.race([
      new Promise<Message>((resolve) => unaddressedWaiting.push(resolve)),
      exited.then((why) => Promise.reject(new Error(`server ${why} before answering\n${err}`))),
    ]);
  };
  return { child, stderr: () => err, write, request, answer, nextUnaddressed, exited, close: () => void child.kill() };
}
