// The sign-in page in a real browser: headless Chromium (the Debian package; no browser is
// downloaded) driven with playwright-core, JavaScript switched off to prove the page needs
// none. The person pastes a VNDB token, sees whose it is and what it allows, allows, and
// the browser lands on the client's callback with a code that the token endpoint accepts.
// Skipped, with the reason, where /usr/bin/chromium is missing (`.ci/run` installs it).

import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const CHROMIUM = "/usr/bin/chromium";
/** Flags for a quiet, sandbox-free headless run that never reaches the network on its own. */
const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const root = fileURLToPath(new URL("../..", import.meta.url));
/** Catalogue token of u3 ayo with list read only (docs/catalogue.md). */
const READER = "nreo-yretn-reoyr-etnr-eoyre-tnreo-gret";
const available = existsSync(CHROMIUM);
if (!available) console.warn(`skipped: ${CHROMIUM} is not installed (apt-get install chromium)`);

let child: ChildProcess;
let base: string;
let callback: Server;
let callbackUrl: string;
const landed: URL[] = [];
const stderr: string[] = [];

beforeAll(async () => {
  if (!available) return;
  callback = createServer((req, res) => {
    landed.push(new URL(req.url ?? "/", callbackUrl));
    res.writeHead(200, { "content-type": "text/plain" });
    res.end("back at the client");
  });
  await new Promise<void>((resolve) => callback.listen(0, "127.0.0.1", resolve));
  callbackUrl = `http://127.0.0.1:${(callback.address() as { port: number }).port}/callback`;
  child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", "--http", "--port", "0", "--embedded", "--oauth"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  base = await new Promise<string>((resolve, reject) => {
    child.stderr!.on("data", (d: Buffer) => {
      stderr.push(d.toString("utf8"));
      const m = /serving MCP on (http:\/\/[^/\s]+)/.exec(stderr.join(""));
      if (m) resolve(m[1]!);
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}: ${stderr.join("")}`)));
  });
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
  await new Promise((resolve) => (callback ? callback.close(resolve) : resolve(undefined)));
});

describe.skipIf(!available)("the sign-in page in headless Chromium", () => {
  it("checks a pasted token, shows its permissions, and returns a working code, with JavaScript off", async () => {
    const registered = await fetch(`${base}/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "Browser test", redirect_uris: [callbackUrl], token_endpoint_auth_method: "none" }),
    });
    const { client_id } = (await registered.json()) as { client_id: string };
    const verifier = randomBytes(32).toString("base64url");
    const authorize = new URL(`${base}/authorize`);
    for (const [k, v] of Object.entries({
      response_type: "code",
      client_id,
      redirect_uri: callbackUrl,
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      state: "browser-state",
      resource: `${base}/mcp`,
    })) authorize.searchParams.set(k, v);

    const { chromium } = await import("playwright-core");
    const profile = mkdtempSync(join(tmpdir(), "vndb-mcp-chromium-"));
    const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true, javaScriptEnabled: false });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const first = await page.goto(authorize.href);
      expect(first?.headers()["x-frame-options"]).toBe("DENY");
      expect(first?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
      await expect(page.locator("h1").textContent()).resolves.toContain("Connect Browser test to VNDB");
      // The page says whose it is: this server's host, a connector to VNDB, not VNDB itself.
      const host = new URL(base).host;
      const about = async () => (await page.locator("[data-about=server]").textContent({ timeout: 5_000 })) ?? "";
      await expect(about()).resolves.toContain(host);
      await expect(about()).resolves.toMatch(/VNDB connector/);
      await expect(about()).resolves.toMatch(/not VNDB itself/);
      await expect(page.title()).resolves.toContain(host);

      // A mistyped token is refused on the page, which keeps the choice to go on.
      await page.fill("#vndb_token", "not-a-token");
      await page.click("button[value=check]");
      await expect(page.locator("[role=alert]").textContent()).resolves.toContain("does not look like a VNDB API token");

      await page.fill("#vndb_token", READER);
      await page.click("button[value=check]");
      const confirm = await page.locator("body").textContent();
      await expect(about()).resolves.toContain(host);
      await expect(about()).resolves.toMatch(/not VNDB itself/);
      expect(confirm).toContain("ayo");
      expect(confirm).toContain("read your visual novel list");
      expect(confirm).not.toContain("change and remove entries");
      expect(await page.content()).not.toContain(READER);

      await page.click("button[value=allow]");
      await page.waitForURL((url) => url.href.startsWith(callbackUrl));
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
    const back = landed.filter((u) => u.pathname === "/callback").at(-1)!; // not the favicon
    expect(back.searchParams.get("state")).toBe("browser-state");
    expect(back.searchParams.get("iss")).toBe(base);
    const token = await fetch(`${base}/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "authorization_code", code: back.searchParams.get("code")!, code_verifier: verifier, client_id, redirect_uri: callbackUrl, resource: `${base}/mcp` }),
    });
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const call = await fetch(`${base}/mcp`, {
      method: "POST",
      headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "browser-test", version: "0" } } }),
    });
    expect(call.status).toBe(200);
    expect(stderr.join("")).not.toContain(READER);
    expect(stderr.join("")).toContain("a random secret was made at start, so every connection ends when this process does");
  }, 60_000);
});
