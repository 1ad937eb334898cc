// Reads an extra input file (the tags/traits JSON dumps, the votes dump): gzip when its
// name ends in .gz (as VNDB publishes them), plain text otherwise.
import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { createInterface } from "node:readline";
import { createGunzip, gunzipSync } from "node:zlib";

export async function readText(path: string): Promise<string> {
  const bytes = await readFile(path);
  return (path.endsWith(".gz") ? gunzipSync(bytes) : bytes).toString("utf8");
}

/** The file's lines, streamed (the votes dump is 1.5M lines). */
export function readLines(path: string): AsyncIterable<string> {
  const raw = createReadStream(path);
  const input = path.endsWith(".gz") ? raw.pipe(createGunzip()) : raw;
  raw.on("error", (e) => input.destroy(e));
  return createInterface({ input, crlfDelay: Infinity });
}
