// Decoding a Kana response body. VNDB compresses bodies over 256 bytes when asked
// (reference §1.2), and proxies in front of it may pick another encoding than we prefer.

import { promisify } from "node:util";
import { brotliDecompress, gunzip, inflate } from "node:zlib";

const decompressors: Record<string, (input: Buffer) => Promise<Buffer>> = {
  br: promisify(brotliDecompress),
  gzip: promisify(gunzip),
  "x-gzip": promisify(gunzip),
  deflate: promisify(inflate),
};

/**
 * The body as text, decompressed per its `content-encoding` header; undefined when the
 * encoding is unknown or the bytes do not decompress (a garbled answer, worth a retry).
 */
export async function decodeBody(bytes: Buffer, contentEncoding: unknown): Promise<string | undefined> {
  const encoding = String(contentEncoding ?? "").trim().toLowerCase();
  if (!encoding || encoding === "identity") return bytes.toString("utf8");
  const decode = decompressors[encoding];
  if (!decode) return undefined;
  try {
    return (await decode(bytes)).toString("utf8");
  } catch {
    return undefined;
  }
}
