// A host that stops the server with a signal (SIGTERM, or SIGINT from a terminal) while it
// still holds the stdin pipe open must see the process exit, not linger.

import { afterEach, describe, expect, it } from "vitest";
import { startRawServer, type RawServer } from "../helpers/raw-stdio.js";

let server: RawServer | undefined;
afterEach(() => {
  server?.child.kill("SIGKILL");
  server = undefined;
});

describe("signals", () => {
  it.each(["SIGTERM", "SIGINT"] as const)("%s ends the process although stdin stays open", async (signal) => {
    server = await startRawServer();
    expect((await server.request(1, "ping")).result).toEqual({});
    server.child.kill(signal);
    const within = new Promise<string>((resolve) => setTimeout(() => resolve("still running 10 s after the signal"), 10_000));
    expect(await Promise.race([server.exited, within])).toBe("exited (0)");
  }, 30_000);
});
