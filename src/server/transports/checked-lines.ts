// The second stage of stdin (after bounded-lines.ts): each line is checked as a JSON-RPC
// message (wire-check.ts) before the SDK's transport reads it. A line that fails is not
// passed on; its error answer goes to `onRefused`, which sends it back.

import { Transform, type TransformCallback } from "node:stream";
import { checkText, type Verdict } from "../wire-check.js";

export class CheckedLines extends Transform {
  #rest = "";

  constructor(private readonly onRefused: (verdict: Extract<Verdict, { ok: false }>) => void) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const text = this.#rest + chunk.toString("utf8");
    const lines = text.split("\n");
    this.#rest = lines.pop()!;
    for (const line of lines) this.#check(line);
    done();
  }

  override _flush(done: TransformCallback): void {
    if (this.#rest.trim() !== "") this.#check(this.#rest);
    this.#rest = "";
    done();
  }

  #check(line: string): void {
    // A blank line is no message (some clients end theirs with \r\n, or send keep-alives).
    if (line.trim() === "") return;
    const verdict = checkText(line);
    if (verdict.ok) this.push(`${line}\n`);
    else this.onRefused(verdict);
  }
}
