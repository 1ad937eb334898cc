import { describe, expect, it } from "vitest";
import {
  decodeZBase32,
  encodeToken,
  encodeZBase32,
  INVALID_HEADER_FORMAT,
  INVALID_TOKEN,
  INVALID_TOKEN_FORMAT,
  parseAuthorization,
} from "../../src/kana/token.js";

const U2 = "yyyy-yyyyy-yyyyy-yyyy-yyyyy-yyyyy-ryyy";

describe("parseAuthorization (reference §2.3)", () => {
  it.each([
    // Worked examples of the reference and the vectors README.
    [`Token ${U2}`, 2],
    ["Token cdhy-bqy1q-6zobu-8w9k-xobxh-wzz4o-84fn", 3],
    ["Token nreo-yretn-reoyr-etnr-eoyre-tnreo-gret", 3],
    ["Token rety-yetnr-etyye-tnre-tyyet-nrety-eetn", 4],
    // Scheme in any case, several spaces, dashes anywhere or nowhere.
    [`token ${U2}`, 2],
    [`TOKEN   ${U2}`, 2],
    ["Token yyyyyyyyyyyyyyyyyyyyyyyyyyyyryyy", 2],
    ["Token -y-y-yyyyyyyyyyyyyyyyyyyyyyyyyyryyy--", 2],
  ])("%s → u%i", (header, uid) => {
    const r = parseAuthorization(header);
    expect(r).toEqual({
      ok: true,
      value: { token: header.replace(/^\S+ +/, "").replace(/-/g, ""), uid, userId: `u${uid}` },
    });
  });

  it.each([
    [`Bearer ${U2}`, INVALID_HEADER_FORMAT],
    [`Token\t${U2}`, INVALID_HEADER_FORMAT],
    [`Token ${U2.toUpperCase()}`, INVALID_HEADER_FORMAT],
    [`Token ${U2} `, INVALID_HEADER_FORMAT],
    [`Token`, INVALID_HEADER_FORMAT],
    [`Token yyyy-0yyyy`, INVALID_HEADER_FORMAT], // 0 is not in the alphabet
    [`${U2}`, INVALID_HEADER_FORMAT],
    ["Token yyyy", INVALID_TOKEN_FORMAT],
    [`Token ${U2}y`, INVALID_TOKEN_FORMAT],
    ["Token ----", INVALID_TOKEN_FORMAT],
    ["Token hsoo-ybws4-j8yb9-qxkw-5obay-px8to-bfyk", INVALID_TOKEN], // embeds uid 0
    ["Token yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy", INVALID_TOKEN], // uid 0
  ])("%s → 401 %s", (header, message) => {
    expect(parseAuthorization(header)).toEqual({ ok: false, failure: { status: 401, message } });
  });

  it.each([[undefined], [""], ["0"]])("treats %j as anonymous", (header) => {
    expect(parseAuthorization(header)).toEqual({ ok: true, value: null });
  });

  it("refuses embedded ids of 10000000 and above", () => {
    // 9999999 is the largest valid id; encode it, then bump the low uid byte by one.
    const ok = encodeToken(9_999_999, new Uint8Array(16));
    expect(parseAuthorization(`Token ${ok}`)).toMatchObject({ ok: true, value: { uid: 9_999_999 } });
    const bytes = decodeZBase32(ok.replace(/-/g, ""));
    bytes[17] += 1; // 9999999 = 0x98967F → 0x989680 = 10000000
    expect(parseAuthorization(`Token ${encodeZBase32(bytes)}`)).toEqual({
      ok: false,
      failure: { status: 401, message: INVALID_TOKEN },
    });
  });

  it("never puts the token into a message", () => {
    for (const header of [`Bearer ${U2}`, "Token yyyy", "Token hsoo-ybws4-j8yb9-qxkw-5obay-px8to-bfyk"]) {
      const r = parseAuthorization(header);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.failure.message).not.toMatch(/yyyy|hsoo/);
    }
  });
});

describe("encodeToken", () => {
  it("encodes u2 with zero random bytes as the reference's fixture token", () => {
    expect(encodeToken(2, new Uint8Array(16))).toBe(U2);
  });

  it.each([1, 2, 3, 17, 4242, 9_999_999])("round-trips uid %i through parseAuthorization", (uid) => {
    const random = Uint8Array.from({ length: 16 }, (_, i) => (i * 37 + uid) & 0xff);
    const token = encodeToken(uid, random);
    expect(token).toMatch(/^[a-z0-9]{4}-[a-z0-9]{5}-[a-z0-9]{5}-[a-z0-9]{4}-[a-z0-9]{5}-[a-z0-9]{5}-[a-z0-9]{4}$/);
    expect(parseAuthorization(`Token ${token}`)).toMatchObject({ ok: true, value: { uid } });
    // The random bytes survive at the non-uid offsets, in order.
    const bytes = decodeZBase32(token.replace(/-/g, ""));
    const rest = [...bytes].filter((_, i) => ![2, 7, 12, 17].includes(i));
    expect(rest).toEqual([...random]);
  });

  it.each([0, -1, 10_000_000, 1.5])("refuses uid %s", (uid) => {
    expect(() => encodeToken(uid, new Uint8Array(16))).toThrow(RangeError);
  });

  it("z-base-32 round-trips bytes", () => {
    const bytes = Uint8Array.from({ length: 20 }, (_, i) => (i * 91 + 7) & 0xff);
    expect(decodeZBase32(encodeZBase32(bytes))).toEqual(bytes);
  });
});
