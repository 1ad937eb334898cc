// Query strings of the two GET endpoints that take parameters: GET /user and
// GET /ulist_labels (reference §4.3, §4.5). Both the emulator (to answer) and the client
// (to refuse a request VNDB would refuse, before sending it) use these rules.
//
// Decoding follows VNDB's web framework (FU 1.2 `query_decode`): split on "&", skip empty
// pieces, split once on "=", turn "+" into a space, decode %XX escapes (a malformed escape
// such as "%ZZ" stays as written), then require valid UTF-8 without ASCII control
// characters. A bare key without "=" has the value "1" (FU's boolean true). Every
// validation failure is the same 400 `Invalid argument` (no trailing period).

import { fuTrim } from "./members.js";
import type { KanaFailure, Validated } from "./types.js";
import { USER_ID } from "./vndbid.js";

/** Decoded parameters: every value of a repeated key, in request order. */
export type QueryParams = Map<string, string[]>;

/** The one message both endpoints answer a bad query string with (reference §4.3). */
export const INVALID_ARGUMENT: KanaFailure = { status: 400, message: "Invalid argument" };

/** GET /user accepts 1..100 `q` values (reference §4.3). */
export const USER_MAX_Q = 100;

/** The only `fields` GET /user accepts; `id` and `username` are always returned. */
export const USER_FIELDS = ["lengthvotes", "lengthvotes_sum"] as const;
export type UserField = (typeof USER_FIELDS)[number];

const CONTROL_CHARS = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** FU `uri_unescape`: null when the result is not clean UTF-8 text. */
export function uriUnescape(s: string): string | null {
  const bytes: number[] = [];
  const raw = Buffer.from(s.replace(/\+/g, " "), "utf8");
  for (let i = 0; i < raw.length; i++) {
    const b = raw[i];
    if (b === 0x25 && i + 2 < raw.length && isHex(raw[i + 1]) && isHex(raw[i + 2])) {
      bytes.push(parseInt(String.fromCharCode(raw[i + 1], raw[i + 2]), 16));
      i += 2;
    } else {
      bytes.push(b);
    }
  }
  let text: string;
  try {
    text = utf8.decode(Uint8Array.from(bytes));
  } catch {
    return null;
  }
  return CONTROL_CHARS.test(text) ? null : text;
}

function isHex(b: number | undefined): boolean {
  return b !== undefined && ((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66));
}

/** FU `query_decode`; null when some key or value does not decode to clean text. */
export function decodeQueryString(raw: string | null | undefined): QueryParams | null {
  const params: QueryParams = new Map();
  for (const piece of (raw ?? "").split("&")) {
    if (piece === "") continue;
    const eq = piece.indexOf("=");
    const key = uriUnescape(eq < 0 ? piece : piece.slice(0, eq));
    const value = eq < 0 ? "1" : uriUnescape(piece.slice(eq + 1));
    if (key === null || value === null) return null;
    const list = params.get(key);
    if (list) list.push(value);
    else params.set(key, [value]);
  }
  return params;
}

/** Perl `split /,/`: trailing empty fields are dropped, inner and leading ones kept. */
function perlSplitComma(s: string): string[] {
  const parts = s.split(",");
  while (parts.length > 0 && parts[parts.length - 1] === "") parts.pop();
  return parts;
}

export interface UserParams {
  /** The trimmed `q` values in request order (duplicates kept; the answer is keyed by them). */
  q: string[];
  fields: UserField[];
}

/** GET /user: `q` required (1..100 non-empty values), `fields` from {@link USER_FIELDS}. */
export function validateUserParams(params: QueryParams): Validated<UserParams> {
  const rawQ = params.get("q") ?? [];
  const q = rawQ.map(fuTrim);
  if (q.length === 0 || q.length > USER_MAX_Q || q.some((v) => v === "")) {
    return { ok: false, failure: INVALID_ARGUMENT };
  }
  const fields: UserField[] = [];
  // FU's query_decode gives one value as a scalar and repeated ones as an array. Only the
  // scalar "" is empty (the default: no fields); it is checked before any trimming, because
  // `fields` is an array schema. Every element of the array (a single value is wrapped) is
  // then trimmed and required, so "fields=%20" or an empty repeated value is refused.
  const values = params.get("fields") ?? [];
  const elements = values.length === 1 && values[0] === "" ? [] : values;
  for (const value of elements) {
    const trimmed = fuTrim(value);
    if (trimmed === "") return { ok: false, failure: INVALID_ARGUMENT };
    for (const element of perlSplitComma(trimmed)) {
      const name = fuTrim(element);
      if (!(USER_FIELDS as readonly string[]).includes(name)) return { ok: false, failure: INVALID_ARGUMENT };
      if (!fields.includes(name as UserField)) fields.push(name as UserField);
    }
  }
  return { ok: true, value: { q, fields } };
}

export interface UlistLabelsParams {
  /** "u2", or null to mean the authenticated user. */
  user: string | null;
  count: boolean;
}

/** GET /ulist_labels: one optional `user` (a bare number gets the "u"), `fields` absent, empty or `count`. */
export function validateUlistLabelsParams(params: QueryParams): Validated<UlistLabelsParams> {
  const users = params.get("user") ?? [];
  const fieldValues = params.get("fields") ?? [];
  if (users.length > 1 || fieldValues.length > 1) return { ok: false, failure: INVALID_ARGUMENT };
  let user: string | null = null;
  if (users.length === 1) {
    const trimmed = fuTrim(users[0]);
    if (trimmed !== "") {
      const id = /^[0-9]+$/.test(trimmed) ? `u${trimmed}` : trimmed;
      if (!USER_ID.test(id)) return { ok: false, failure: INVALID_ARGUMENT };
      user = id;
    }
  }
  const fields = fieldValues.length === 1 ? fuTrim(fieldValues[0]) : "";
  if (fields !== "" && fields !== "count") return { ok: false, failure: INVALID_ARGUMENT };
  return { ok: true, value: { user, count: fields === "count" } };
}

/** Builds the query string of GET /user (what a client sends). */
export function userQueryString(q: readonly string[], fields: readonly UserField[] = []): string {
  const parts = q.map((v) => `q=${encodeURIComponent(v)}`);
  if (fields.length > 0) parts.push(`fields=${fields.join(",")}`);
  return parts.join("&");
}

/** Builds the query string of GET /ulist_labels ("" when both are defaults). */
export function ulistLabelsQueryString(opts: { user?: string | null; count?: boolean } = {}): string {
  const parts: string[] = [];
  if (opts.user) parts.push(`user=${encodeURIComponent(opts.user)}`);
  if (opts.count) parts.push("fields=count");
  return parts.join("&");
}
