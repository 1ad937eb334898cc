// The JSON-RPC check in front of the SDK (src/server/wire-check.ts), message by message:
// which error each malformed input gets, under which id, and what passes untouched.

import { describe, expect, it } from "vitest";
import { checkMessage, checkText } from "../../src/server/wire-check.js";
import { forgetSecret, registerSecret } from "../../src/server/log.js";

const req = (extra: object) => ({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "vndb_get_stats", arguments: {} }, ...extra });

describe("wire check", () => {
  it.each([
    ["not JSON", "{nope", -32700, undefined],
    ["a number", "42", -32600, undefined],
    ["an id of 1.5", '{"jsonrpc":"2.0","id":1.5,"method":"ping"}', -32600, undefined],
    ["an id of true", '{"jsonrpc":"2.0","id":true,"method":"ping"}', -32600, undefined],
    ["an id of null", '{"jsonrpc":"2.0","id":null,"method":"ping"}', -32600, undefined],
    ["jsonrpc 1.0", '{"jsonrpc":"1.0","id":1,"method":"ping"}', -32600, 1],
    ["a method of 5", '{"jsonrpc":"2.0","id":1,"method":5}', -32600, 1],
    ["params of 5", '{"jsonrpc":"2.0","id":1,"method":"ping","params":5}', -32600, 1],
    ["params as an array", '{"jsonrpc":"2.0","id":1,"method":"ping","params":[]}', -32602, 1],
    ["_meta of []", '{"jsonrpc":"2.0","id":"a","method":"tools/list","params":{"_meta":[]}}', -32602, "a"],
    ["progressToken 1.5", '{"jsonrpc":"2.0","id":2,"method":"ping","params":{"_meta":{"progressToken":1.5}}}', -32602, 2],
    ["progressToken {}", '{"jsonrpc":"2.0","id":2,"method":"ping","params":{"_meta":{"progressToken":{}}}}', -32602, 2],
    ["arguments as a string", '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"x","arguments":"{}"}}', -32602, 3],
    ["a tool name of 5", '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":5}}', -32602, 3],
    ["a response without id", '{"jsonrpc":"2.0","result":{}}', -32600, undefined],
    ["a batch", '[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping"}]', -32600, undefined],
  ] as const)("%s gets %i", (_label, text, code, id) => {
    const verdict = checkText(text);
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    expect(verdict.error.error.code).toBe(code);
    expect(verdict.error.id).toBe(id);
    expect(verdict.reply).toEqual(verdict.error);
  });

  it.each([
    ["a request", req({})],
    ["a request with a string progressToken", req({ params: { name: "x", arguments: {}, _meta: { progressToken: "p" } } })],
    ["a notification", { jsonrpc: "2.0", method: "notifications/initialized" }],
    ["a response (an elicitation answer)", { jsonrpc: "2.0", id: 4, result: { action: "decline" } }],
  ])("passes %s untouched", (_label, message) => {
    expect(checkMessage(message)).toEqual({ ok: true, message });
  });

  it("drops a malformed notification without a reply (there is no id to answer under)", () => {
    const verdict = checkMessage({ jsonrpc: "2.0", method: "notifications/cancelled", params: { _meta: 1 } });
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.reply).toBeUndefined();
  });

  it("never echoes the text a client sent, and redacts a token in a tool name", () => {
    const token = "abcd-efghi-jklmn-opqr-stuvw-xyzab-cdef";
    registerSecret(token);
    try {
      const verdict = checkMessage({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: token, arguments: token } });
      expect(JSON.stringify(verdict)).not.toContain(token);
      const viaMeta = checkMessage({ jsonrpc: "2.0", id: 1, method: "ping", params: { _meta: token } });
      expect(JSON.stringify(viaMeta)).not.toContain(token);
    } finally {
      forgetSecret(token);
    }
  });
});
