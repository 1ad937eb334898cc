// Replays every recorded Kana vector (test/vectors/fixture/public.jsonl) over real HTTP
// against startEmulator({ preset: "vectors" }) and compares status, Content-Type, the
// application's response headers and the body with what VNDB's own code answered.
//
// Sessions: a vector with `auth` and no Authorization header was recorded with the session
// injected. The replay sends the matching test token when the preset has one for exactly
// that session (and the request carries no Origin, whose CORS answer would change with an
// Authorization header); otherwise it injects the session through the test-only
// X-Emulator-Session header. List writes get a fresh state afterwards, as each recording
// started from the same stub.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent, request } from "undici";
import { sessionHeaderValue } from "../../src/emulator/http/auth.js";
import { startEmulator, type Emulator } from "../../src/emulator/index.js";
import { VECTOR_TOKENS } from "../../src/emulator/presets/vectors.js";
import { headerOf, loadVectors, type KanaVector } from "../helpers/vectors.js";

const vectors = loadVectors();
let emulator: Emulator;
const agent = new Agent({ connections: 4 });
const tally = new Map<string, { pass: number; total: number }>();

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, preset: "vectors", allowSessionHeader: true });
});

afterAll(async () => {
  await agent.close();
  await emulator?.close();
  const lines = [...tally].map(([c, t]) => `${c}: ${t.pass}/${t.total}`);
  process.stderr.write(`http-replay pass counts — ${lines.join(", ")}\n`);
});

/** Headers the application sets (the vectors record exactly these; Date, Vary … are the HTTP layer's). */
const APP_HEADER = /^(content-type|www-authenticate|access-control-.*)$/;

function requestHeaders(v: KanaVector): Record<string, string> {
  const headers: Record<string, string> = { ...v.headers };
  if (v.auth && headerOf(v, "authorization") === undefined) {
    const token = VECTOR_TOKENS.find(
      (t) => t.uid === v.auth!.user_id && t.listread === Boolean(v.auth!.listread) && t.listwrite === Boolean(v.auth!.listwrite),
    );
    if (token && headerOf(v, "origin") === undefined) headers.Authorization = `Token ${token.token}`;
    else headers["X-Emulator-Session"] = sessionHeaderValue(v.auth);
  }
  return headers;
}

/** /schema's extlinks arrays are in per-process hash order on the live service: compare as sets. */
function normaliseSchema(value: unknown): unknown {
  const v = value as { extlinks?: Record<string, { name: string }[]> };
  if (v && typeof v === "object" && v.extlinks) {
    for (const key of Object.keys(v.extlinks)) v.extlinks[key] = [...v.extlinks[key]].sort((a, b) => (a.name < b.name ? -1 : 1));
  }
  return value;
}

async function replay(v: KanaVector): Promise<void> {
  const query = v.query === null ? "" : `?${v.query}`;
  const res = await request(`${emulator.url}${v.path}${query}`, {
    method: v.method as "GET",
    headers: requestHeaders(v),
    body: v.body ?? undefined,
    dispatcher: agent,
  });
  const body = await res.body.text();
  const got: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (APP_HEADER.test(name) && value !== undefined) got[name] = String(value);
  }
  if (v.method === "PATCH" || v.method === "DELETE") emulator.reset();

  expect({ status: res.statusCode, contentType: got["content-type"] ?? null }).toEqual({
    status: v.status,
    contentType: v.content_type,
  });
  expect(got).toEqual(v.response_headers);
  if (v.content_type === "application/json") {
    const want = JSON.parse(v.response) as unknown;
    const have = JSON.parse(body) as unknown;
    if (v.path === "/schema") expect(normaliseSchema(have)).toEqual(normaliseSchema(want));
    else expect(have).toEqual(want);
  } else {
    expect(body).toBe(v.response);
  }
}

const categories = [...new Set(vectors.map((v) => v.category))];
for (const category of categories) {
  describe(category, () => {
    const own = vectors.filter((v) => v.category === category);
    tally.set(category, { pass: 0, total: own.length });
    it.each(own.map((v) => [v.id, v] as const))("%s", async (_id, v) => {
      await replay(v);
      tally.get(category)!.pass++;
    });
  });
}

describe("the replay itself", () => {
  it("covers every public vector", () => {
    expect(vectors.length).toBe(2058);
  });
});
