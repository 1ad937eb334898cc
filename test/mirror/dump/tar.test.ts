import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TarReader } from "../../../src/mirror/dump/tar.js";
import { MirrorInputError } from "../../../src/mirror/errors.js";
import { tarHeader } from "../../helpers/dump-writer.js";

function read(tar: Buffer, chunk = 100): { name: string; kind: string; body: string }[] {
  const out: { name: string; kind: string; body: string }[] = [];
  const r = new TarReader({
    entry(e) {
      const parts: Buffer[] = [];
      const item = { name: e.name, kind: e.kind, body: "" };
      out.push(item);
      return { data: (c) => parts.push(Buffer.from(c)), end: () => { item.body = Buffer.concat(parts).toString(); } };
    },
  }, "t.tar");
  for (let at = 0; at < tar.length; at += chunk) r.write(tar.subarray(at, at + chunk));
  r.end();
  return out;
}

const pad = (b: Buffer) => Buffer.concat([b, Buffer.alloc((512 - (b.length % 512)) % 512)]);
const member = (name: string, body: string, type: "0" | "5" = "0") => Buffer.concat([tarHeader(name, Buffer.byteLength(body), type, 0), pad(Buffer.from(body))]);
/** A header of another type (GNU 'L' long name, pax 'x'), built on the writer's header with the type and checksum redone. */
function typed(type: string, body: string): Buffer {
  const h = tarHeader("././@LongLink", Buffer.byteLength(body), "0", 0);
  h.write(type, 156, "ascii");
  h.write("        ", 148, "ascii");
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  return Buffer.concat([h, pad(Buffer.from(body))]);
}
const END = Buffer.alloc(1024);

describe("tar reader", () => {
  it("reads members, directories and bodies across any chunking", () => {
    const tar = Buffer.concat([member("a.txt", "hello"), member("db/", "", "5"), member("db/x", "x".repeat(1000)), END]);
    for (const chunk of [1, 511, 512, 513, 4096]) {
      expect(read(tar, chunk)).toEqual([
        { name: "a.txt", kind: "file", body: "hello" },
        { name: "db/", kind: "dir", body: "" },
        { name: "db/x", kind: "file", body: "x".repeat(1000) },
      ]);
    }
  });

  it("applies GNU long names and pax path/size", () => {
    const long = `db/${"n".repeat(150)}`;
    const pax = (k: string, v: string) => {
      const rec = ` ${k}=${v}\n`;
      let len = rec.length + 1;
      if (String(len).length + rec.length !== len) len = String(len + 1).length + rec.length;
      return `${len}${rec}`;
    };
    const tar = Buffer.concat([typed("L", `${long}\0`), member("short", "body1"), typed("x", pax("path", "db/pax-name")), member("ignored", "body2"), END]);
    expect(read(tar).map((e) => [e.name, e.body])).toEqual([[long, "body1"], ["db/pax-name", "body2"]]);
  });

  it("reads what GNU tar writes in its posix format (prefix, pax) when tar is installed", () => {
    const dir = mkdtempSync(join(tmpdir(), "tar-"));
    const deep = join("d".repeat(90), "e".repeat(90));
    try {
      mkdirSync(join(dir, "src", deep), { recursive: true });
      writeFileSync(join(dir, "src", deep, "f".repeat(60)), "deep body");
      execFileSync("tar", ["--format=posix", "-cf", join(dir, "p.tar"), "-C", join(dir, "src"), "."]);
      execFileSync("tar", ["--format=gnu", "-cf", join(dir, "g.tar"), "-C", join(dir, "src"), "."]);
    } catch {
      return; // no tar here
    }
    for (const f of ["p.tar", "g.tar"]) {
      const files = read(readFileSync(join(dir, f))).filter((e) => e.kind === "file");
      expect(files).toEqual([{ name: `${deep}/${"f".repeat(60)}`, kind: "file", body: "deep body" }]);
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it("fails on a truncated archive and on a bad checksum", () => {
    const tar = Buffer.concat([member("a", "x".repeat(2000)), END]);
    expect(() => read(tar.subarray(0, 1000))).toThrow(/ends inside a \(488 of 2000 bytes\).*truncated/);
    expect(() => read(tar.subarray(0, 2560))).toThrow(/without tar's end-of-archive blocks/);
    const bad = Buffer.from(tar);
    bad[0] = 0x62;
    expect(() => read(bad)).toThrow(MirrorInputError);
    expect(() => read(bad)).toThrow(/checksum/);
  });
});
