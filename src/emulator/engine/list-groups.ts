// The list-type filters VNDB evaluates together (`sql_list` in lib/VNWeb/AdvSearch.pm):
// within one combinator of a canonical filter (canon.ts), the `=` (or the `!=`) predicates
// of one such field become a single `IN (...)` subquery. Where every value must hold (the
// `=` of an `and`, the `!=` of an `or`, whose negation is the same test) the subquery is
// `GROUP BY … HAVING COUNT(col) = n`, which counts table rows, not values. Two cases then
// differ from evaluating each predicate on its own:
//
// - tag/dtag and trait/dtrait: a VN (character) has one row per tag (trait), so the same
//   tag twice, with different spoiler/level/lie limits, can never count 2: the group never
//   matches (`=`), or always does (`!=`). With distinct tags, the count is the number of
//   those tags that pass their own limits, which equals each predicate on its own.
// - staff role (except seiyuu, which VNDB keeps apart): the count is of credit rows with
//   one of the roles (vn_staff; in visible VNs, or in the VN a nested staff query was
//   reached through), so two scenario credits pass `scenario` and `director`.
//
// The other list fields (label, anime_id, release lang/platform/rlist) have one row per
// value, so evaluating their predicates one by one gives VNDB's result.
import type { EntityType, Filter, FilterOperator } from "../../kana/types.js";
import { visibleVn, type Database, type StaffAliasEntry } from "../database.js";
import type { EngineContext } from "./context.js";
import type { Link, Predicate } from "./filters.js";
import { memo, staffCredits } from "./indexes.js";

/** A combinator's children: the groups evaluated together, and everything else. */
export interface Grouped {
  groups: Predicate<any>[];
  rest: Filter[];
}

/** Fields whose groups give a result different from their predicates one by one. */
const ROW_COUNTED: Partial<Record<EntityType, readonly string[]>> = {
  vn: ["tag", "dtag"],
  character: ["trait", "dtrait"],
  staff: ["role"],
};

/** The tag or trait id of a normalised value ([id, …]). */
const idOf = (value: unknown) => String(Array.isArray(value) ? value[0] : value);

/** Splits a canonical `and`/`or` node into its row-counted groups and the rest. */
export function listGroups(ctx: EngineContext, type: EntityType, f: ["and" | "or", ...Filter[]]): Grouped {
  const fields = ROW_COUNTED[type];
  const kids = f.slice(1) as Filter[];
  if (!fields) return { groups: [], rest: kids };
  const byKey = new Map<string, Filter[]>();
  const rest: Filter[] = [];
  for (const k of kids) {
    const [field, op, value] = k as [string, FilterOperator, unknown];
    const grouped = fields.includes(field) && (op === "=" || op === "!=") && !(field === "role" && value === "seiyuu");
    if (!grouped) {
      rest.push(k);
      continue;
    }
    const key = `${field}|${op}`;
    const l = byKey.get(key);
    if (l) l.push(k);
    else byKey.set(key, [k]);
  }
  const groups: Predicate<any>[] = [];
  for (const members of byKey.values()) {
    const [field, op] = members[0] as [string, FilterOperator, unknown];
    // All must hold: `=` under `and`, `!=` under `or`; otherwise any, as one by one.
    const all = (f[0] === "and") === (op === "=");
    if (!all || members.length === 1) {
      rest.push(...members);
      continue;
    }
    const values = members.map((m) => m[2]);
    const negate = op === "!=";
    if (field === "role") {
      const matches = roleCount(ctx.db, values.map(String));
      groups.push(negate ? (e: StaffAliasEntry, link: Link | null) => !matches(e, link) : matches);
    } else if (new Set(values.map(idOf)).size < values.length) {
      groups.push(() => negate);
    } else {
      rest.push(...members);
    }
  }
  return { groups, rest };
}

/** Alias id → VN id ("" for all visible VNs together) → staff role → its credit rows. */
function creditCounts(db: Database): Map<number, Map<string, Map<string, number>>> {
  return memo(db, "creditCounts", () => {
    const out = new Map<number, Map<string, Map<string, number>>>();
    const bump = (byVn: Map<string, Map<string, number>>, vn: string, role: string) => {
      let roles = byVn.get(vn);
      if (!roles) byVn.set(vn, (roles = new Map()));
      roles.set(role, (roles.get(role) ?? 0) + 1);
    };
    for (const [aid, credits] of staffCredits(db)) {
      const byVn = new Map<string, Map<string, number>>();
      for (const c of credits) {
        if (c.role === null) continue;
        bump(byVn, c.vn, c.role);
        if (visibleVn(db, c.vn)) bump(byVn, "", c.role);
      }
      out.set(aid, byVn);
    }
    return out;
  });
}

/** `HAVING COUNT(vs.role) = n` over the alias's credits with one of `roles`. */
function roleCount(db: Database, roles: string[]): Predicate<StaffAliasEntry> {
  const counts = creditCounts(db);
  return (e, link) => {
    const byRole = counts.get(e.alias.aid)?.get(link ? link.vn : "");
    let n = 0;
    for (const r of roles) n += byRole?.get(r) ?? 0;
    return n === roles.length;
  };
}
