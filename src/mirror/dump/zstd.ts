/**
 * Streams a .zst file's decompressed bytes: node:zlib's zstd when this Node has it (≥ 22.15,
 * native and fast), else fzstd's streaming Decompress (pure JS, for Node 20). Either way a
 * truncated or corrupt file ends in a MirrorInputError, never in a short result.
 */
import { createReadStream } from "node:fs";
import * as zlib from "node:zlib";
import { Decompress } from "fzstd";
import { MirrorInputError } from "../errors.js";

/** Bytes every zstd frame starts with (RFC 8878 §3.1.1: Magic_Number 0xFD2FB528, little-endian). */
export const ZSTD_MAGIC = Buffer.from([0x28, 0xb5, 0x2f, 0xfd]);
/** Read size: large enough that per-chunk overhead vanishes, small enough to keep RSS flat. */
const READ_CHUNK = 1 << 20;

type NativeZstd = { createZstdDecompress?: () => NodeJS.ReadWriteStream };

export function hasNativeZstd(): boolean {
  return typeof (zlib as NativeZstd).createZstdDecompress === "function";
}

function corrupt(file: string, why: string): MirrorInputError {
  return new MirrorInputError(`${file}: the zstd data is truncated or corrupt (${why}); download it again`);
}

/**
 * Yields the decompressed bytes of `file`; onRead(n) reports compressed bytes consumed.
 * `forceJs` uses fzstd even when node:zlib has zstd (tests cover both paths).
 */
export async function* zstdChunks(file: string, onRead: (n: number) => void = () => {}, forceJs = false): AsyncGenerator<Uint8Array> {
  const input = createReadStream(file, { highWaterMark: READ_CHUNK });
  const native = (zlib as NativeZstd).createZstdDecompress;
  if (native && !forceJs) {
    const z = native();
    input.on("data", (c: string | Buffer) => onRead(c.length));
    input.on("error", (e) => z.emit("error", e));
    input.pipe(z as unknown as NodeJS.WritableStream);
    try {
      for await (const c of z as AsyncIterable<Buffer>) yield c;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") throw e;
      throw corrupt(file, (e as Error).message);
    } finally {
      input.destroy();
      (z as unknown as { destroy(): void }).destroy();
    }
    return;
  }
  let out: Uint8Array[] = [];
  let ended = false;
  const d = new Decompress((data, final) => {
    if (data.length) out.push(data);
    if (final) ended = true;
  });
  let sawInput = false;
  try {
    for await (const c of input as AsyncIterable<Buffer>) {
      sawInput = true;
      onRead(c.length);
      try {
        d.push(c);
      } catch (e) {
        throw corrupt(file, (e as Error).message);
      }
      if (out.length) {
        const ready = out;
        out = [];
        for (const o of ready) yield o;
      }
    }
    try {
      d.push(new Uint8Array(0), true);
    } catch (e) {
      throw corrupt(file, (e as Error).message);
    }
    for (const o of out) yield o;
    out = [];
    if (!sawInput) throw corrupt(file, "the file is empty");
    if (!ended) throw corrupt(file, "it ends inside a frame");
  } finally {
    input.destroy();
  }
}
