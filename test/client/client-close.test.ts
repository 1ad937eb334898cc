// close() lets the process exit at once, also with a request still in flight (the pool is
// destroyed after a short grace). Run in a child process which, once close() has resolved,
// reports what could still keep it alive: no timer and no socket may be left (no clock is
// read, so a loaded machine cannot fail it).
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OK_EMPTY, startFakeKana, type FakeKana } from "./fake-kana.js";

const CLIENT = fileURLToPath(new URL("../../src/client/kana-client.ts", import.meta.url));

let kana: FakeKana;
beforeAll(async () => {
  kana = await startFakeKana();
});
afterAll(async () => {
  await kana.close();
});

/** Runs a script that makes a call (and leaves one hanging), closes, and times close → exit. */
function run(hang: boolean): Promise<{ code: number | null; stdout: string; signal: NodeJS.Signals | null }> {
  const script = `
    const { KanaClient } = await import(${JSON.stringify(CLIENT)});
    const c = new KanaClient({ baseUrl: ${JSON.stringify(kana.url)}, logger: () => {} });
    await c.query("vn", {});
    ${hang ? 'const pending = c.query("vn", { results: 1 }).catch((e) => console.log("rejected", e.kind));' : ""}
    ${hang ? "await new Promise((r) => setTimeout(r, 100));" : ""}
    console.log("called");
    await c.close();
    const alive = process.getActiveResourcesInfo().filter((r) => /Timeout|Immediate|TCP|Socket/.test(r));
    console.log("alive " + JSON.stringify(alive));
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    // Only a backstop against a hung child; the assertions do not depend on it.
    const killer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      clearTimeout(killer);
      resolve({ code, stdout, signal });
    });
  });
}

describe("close()", () => {
  it("lets the process exit at once", async () => {
    const closed = await run(false);
    expect(closed.stdout).toContain("called");
    expect(closed.stdout).toContain("alive []");
    expect(closed.signal).toBeNull();
    expect(closed.code).toBe(0);
  });

  it("drops a request still in flight after the grace period, rejecting it", async () => {
    kana.script(OK_EMPTY, { hang: true });
    const closed = await run(true);
    expect(closed.stdout).toContain("rejected aborted");
    expect(closed.stdout).toContain("alive []");
    expect(closed.signal).toBeNull();
    expect(closed.code).toBe(0);
  });
});
