import { describe, expect, it } from "vitest";
import { createProgress } from "../../../src/mirror/progress.js";

function sink(isTTY: boolean) {
  const writes: string[] = [];
  return { out: { isTTY, write: (s: string) => writes.push(s) }, writes };
}

describe("progress", () => {
  it("draws a bar on a terminal, redrawn in place, no more often than its interval", () => {
    const { out, writes } = sink(true);
    let t = 0;
    const p = createProgress(out, () => t);
    p.stage("read dump", 4 << 20);
    t = 1000;
    p.advance(1 << 20);
    p.advance(1 << 20); // same instant: not redrawn
    t = 2000;
    p.advance(2 << 20);
    p.done();
    expect(writes).toHaveLength(3);
    expect(writes[0]).toBe(`\r\x1b[Kread dump [${"#".repeat(8)}${" ".repeat(22)}] 25 % 1.0 MiB/4.0 MiB 1 s`);
    expect(writes[1]).toMatch(/^\r\x1b\[Kread dump \[#{30}\] 100 % 4\.0 MiB\/4\.0 MiB 2 s$/);
    expect(writes[2]).toMatch(/^\r\x1b\[K.*100 %.*\n$/);
  });

  it("writes plain lines elsewhere: the stage, every tenth, and done", () => {
    const { out, writes } = sink(false);
    let t = 0;
    const p = createProgress(out, () => t);
    p.stage("derive", 100);
    for (let i = 0; i < 100; i++) {
      t += 10;
      p.advance(1);
    }
    p.stage("write");
    p.done();
    expect(writes[0]).toBe("derive (100)\n");
    expect(writes.filter((w) => w.startsWith("derive: ") && w.includes("%"))).toHaveLength(10);
    expect(writes).toContain("derive: done (100, 1.0 s)\n");
    expect(writes.at(-2)).toBe("write\n");
    expect(writes.at(-1)).toBe("write: done (0, 0.0 s)\n");
  });
});
