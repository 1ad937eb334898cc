// The five simple GET endpoints (reference §4): /schema, /stats, /user, /authinfo and
// /ulist_labels, each with the authentication behaviour of §2.1 — /schema, /stats and /user
// never look at the token; /authinfo answers 401; /ulist_labels evaluates the token inside
// its parameter guard, so a bad token becomes 400 `Invalid argument` with a leftover
// `WWW-Authenticate: Token`.

import { USER_ID } from "../../kana/vndbid.js";
import {
  decodeQueryString,
  INVALID_ARGUMENT,
  validateUlistLabelsParams,
  validateUserParams,
} from "../../kana/get-params.js";
import {
  API_FIELDS,
  EXTLINK_SITES,
  LANGUAGE,
  MEDIUM,
  PLATFORM,
  SCHEMA_ENDPOINTS,
  STAFF_ROLE,
  type SchemaObject,
} from "../../schema/index.js";
import type { Session } from "../../kana/types.js";
import type { AuthOutcome } from "./auth.js";
import { findUserByName, getUser, type Database } from "../database.js";
import { ulistLabels, userLengthVotes } from "../engine/list-reads.js";
import { stats, type Stats } from "../engine/stats.js";
import { canonicalJson } from "../engine/json.js";
import { errorResponse, jsonResponse, UNAUTHORIZED, type ApiResponse } from "./responses.js";

function schemaObjectJson(object: SchemaObject): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (object.inherit !== undefined) out._inherit = `/${object.inherit}`;
  for (const [name, def] of Object.entries(object.fields)) out[name] = def === null ? null : schemaObjectJson(def);
  return out;
}

let schemaBody: string | undefined;

/**
 * GET /schema, rebuilt from the generated tables (which come from the committed snapshot of
 * the real answer), so it also works from dist/ where the snapshot JSON is not copied.
 * Computed once per process, as the real service caches it.
 */
export function schemaJson(): string {
  schemaBody ??= canonicalJson({
    api_fields: Object.fromEntries(SCHEMA_ENDPOINTS.map((e) => [`/${e}`, schemaObjectJson(API_FIELDS[e])])),
    enums: { language: LANGUAGE, medium: MEDIUM, platform: PLATFORM, staff_role: STAFF_ROLE },
    extlinks: Object.fromEntries(
      Object.entries(EXTLINK_SITES).map(([entity, sites]) => [
        `/${entity}`,
        sites.map((s) => ({ label: s.label, name: s.name, url_format: s.urlFormat })),
      ]),
    ),
  });
  return schemaBody;
}

export function getSchema(): ApiResponse {
  return { status: 200, headers: { "content-type": "application/json" }, body: schemaJson() };
}

/** GET /stats; `override` replaces the computed counts (the vectors' stubbed stats table is empty). */
export function getStats(db: Database, override?: Stats): ApiResponse {
  return jsonResponse(override ?? stats(db));
}

/** GET /user: keyed by each `q` as given (after trimming); ids exact, usernames case-insensitive. */
export function getUserEndpoint(db: Database, rawQuery: string | null): ApiResponse {
  const params = decodeQueryString(rawQuery);
  if (params === null) return errorResponse(INVALID_ARGUMENT);
  const valid = validateUserParams(params);
  if (!valid.ok) return errorResponse(valid.failure);
  const out: Record<string, unknown> = {};
  for (const q of valid.value.q) {
    const user = USER_ID.test(q) ? getUser(db, q) : findUserByName(db, q);
    if (!user) {
      out[q] = null;
      continue;
    }
    const entry: Record<string, unknown> = { id: user.id, username: user.username };
    const votes = valid.value.fields.length > 0 ? userLengthVotes(db, user.id) : undefined;
    for (const f of valid.value.fields) entry[f] = votes![f];
    out[q] = entry;
  }
  return jsonResponse(out);
}

/** GET /authinfo: the session's user and permissions, listread before listwrite. */
export function getAuthinfo(auth: AuthOutcome): ApiResponse {
  if (!auth.ok) return errorResponse(auth.failure);
  const s: Session | null = auth.session;
  if (!s) return errorResponse(UNAUTHORIZED);
  const permissions = [...(s.listread ? ["listread"] : []), ...(s.listwrite ? ["listwrite"] : [])];
  return jsonResponse({ id: s.userId, username: s.userName, permissions });
}

/** GET /ulist_labels: `auth` was evaluated first, inside the same guard as the parameters. */
export function getUlistLabels(db: Database, auth: AuthOutcome, rawQuery: string | null): ApiResponse {
  if (!auth.ok) {
    // The 401 is swallowed by the guard, but the header it set stays (reference §4.5).
    const r = errorResponse(INVALID_ARGUMENT);
    r.headers["www-authenticate"] = "Token";
    return r;
  }
  const params = decodeQueryString(rawQuery);
  if (params === null) return errorResponse(INVALID_ARGUMENT);
  const valid = validateUlistLabelsParams(params);
  if (!valid.ok) return errorResponse(valid.failure);
  const uid = valid.value.user ?? auth.session?.userId;
  if (uid === undefined) return errorResponse(INVALID_ARGUMENT);
  return jsonResponse({ labels: ulistLabels(db, auth.session, uid, valid.value.count) });
}
