// Writes a JSON array a row per line in chunks, so that a table's text never exists as one
// string (a full-size mirror's tables are hundreds of MB): the mirror's catalogue writer
// (mirror/derive/write-catalogue.ts) and its serve index (serve-index.ts).
import { closeSync, openSync, writeSync } from "node:fs";

/** Bytes gathered before a write (a few hundred rows). */
const CHUNK_BYTES = 1 << 20;

/** Writes a JSON array from rows, a row per line; returns the row count. */
export function writeJsonRows(path: string, rows: Iterable<unknown>): number {
  const fd = openSync(path, "w");
  let n = 0;
  try {
    let buf = "[";
    for (const row of rows) {
      // undefined is no JSON value: a missing column is written as null.
      buf += (n === 0 ? "\n" : ",\n") + (row === undefined ? "null" : JSON.stringify(row));
      n++;
      if (buf.length >= CHUNK_BYTES) {
        writeSync(fd, buf);
        buf = "";
      }
    }
    buf += n === 0 ? "]\n" : "\n]\n";
    writeSync(fd, buf);
  } finally {
    closeSync(fd);
  }
  return n;
}
