// A replayed authorization code (OAuth 2.1 §4.1.3): the second exchange is refused, and the
// tokens of the first are revoked, since the code has evidently leaked (whoever holds it
// twice may also hold the PKCE verifier, e.g. a compromised client log).

import { afterAll, beforeAll, expect, it } from "vitest";
import { openPage, submit } from "./helpers.js";
import { authorizeUrl, CALLBACK, callMcp, form, pkce, register, startHarness, WRITER, type Harness } from "./harness.js";

let h: Harness;
beforeAll(async () => void (h = await startHarness()));
afterAll(() => h.close());

it("ends the grant of a code presented a second time", async () => {
  const client = await register(h.base);
  const { verifier, challenge } = pkce();
  const page = await openPage(authorizeUrl(h.base, { response_type: "code", client_id: client.client_id, redirect_uri: CALLBACK, code_challenge: challenge, code_challenge_method: "S256" }));
  await submit(h.base, page, { action: "check", vndb_token: WRITER });
  const code = new URL((await submit(h.base, page, { action: "allow" })).headers.get("location")!).searchParams.get("code")!;
  const exchange = () => fetch(`${h.base}/token`, form({ grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: CALLBACK, client_id: client.client_id }));
  const first = await exchange();
  expect(first.status).toBe(200);
  const tokens = (await first.json()) as { access_token: string; refresh_token: string };
  expect((await callMcp(h.base, tokens.access_token)).status).toBe(200);
  const replay = await exchange();
  expect(replay.status).toBe(400);
  expect(((await replay.json()) as { error: string }).error).toBe("invalid_grant");
  expect((await callMcp(h.base, tokens.access_token)).status).toBe(401);
  const refresh = await fetch(`${h.base}/token`, form({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: client.client_id }));
  expect(refresh.status).toBe(400);
});
