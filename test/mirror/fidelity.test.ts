// Issue 28 item 4: a mirror built from the sample written as a real dump answers like the
// sample. The bundled catalogue goes through test/helpers/sample-dump.ts (the inverse of
// derive, plus synthetic raw tag votes), the dump helper's writeDump (the published format:
// COPY text, headers, tar, zstd) and readDump, then derive; the folder it writes is read
// back through the loader's checked path.
// 1. Rows: the derived catalogue equals sample-dump's `reference`, the sample less what a
//    dump cannot carry (listed in sample-dump.ts), table by table, row by row.
// 2. Answers: the engine over the derived folder answers every recorded public vector that
//    is not a user's list, and a set of queries across the eight query endpoints, /stats,
//    /schema and /user, exactly as the engine over `reference` does.
// 3. Against the bundled sample itself: the answers that no dump limit touches (no release
//    dates, languages, platforms or tags: see sample-dump.ts) are identical too.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lazyCatalogue, loadCatalogue } from "../../src/emulator/catalogue/load.js";
import type { Catalogue } from "../../src/emulator/catalogue/types.js";
import { loadCheckedCatalogue } from "../../src/emulator/catalogue/validate.js";
import { frozenClock } from "../../src/emulator/clock.js";
import { createEmulatorApi, type EmulatorApi } from "../../src/emulator/index.js";
import { handleApi } from "../../src/emulator/http/routes.js";
import { createDeriver } from "../../src/mirror/derive/index.js";
import { readDump } from "../../src/mirror/dump/read-dump.js";
import { writeDump } from "../helpers/dump-writer.js";
import { sampleDump, type SampleDump } from "../helpers/sample-dump.js";
import { loadVectors } from "../helpers/vectors.js";

/** The day the mirror is built and queried (a frozen clock: "released <= today" is fixed). */
const TODAY = 20261128;
const NOW = "2026-11-28T12:00:00Z";

let work: string;
let derived: Catalogue;
let sample: SampleDump;
let mirror: EmulatorApi;
let reference: EmulatorApi;
let bundled: EmulatorApi;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "fidelity-"));
  sample = sampleDump(loadCatalogue(), TODAY);
  const file = join(work, "vndb-db-2026-11-27.tar.zst");
  await writeDump(file, sample.tables);
  const deriver = createDeriver({ today: TODAY, dataDate: "2026-11-27" });
  await readDump(file, deriver);
  const out = join(work, "build");
  await deriver.finish(out, {});
  derived = loadCheckedCatalogue(out);
  const clock = frozenClock(NOW);
  // The mirror is served as the server serves it: the loader's lazy catalogue over the folder.
  mirror = createEmulatorApi({ catalogue: lazyCatalogue(out), clock });
  reference = createEmulatorApi({ catalogue: sample.reference, clock });
  bundled = createEmulatorApi({ catalogue: loadCatalogue(), clock });
}, 300_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Req {
  method: string;
  path: string;
  query?: string | null;
  body?: string | null;
  headers?: Record<string, string>;
}

function ask(api: EmulatorApi, r: Req): { status: number; body: string } {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.headers ?? {})) headers[k.toLowerCase()] = v;
  const res = handleApi({ method: r.method, path: r.path, query: r.query ?? null, headers, body: Buffer.from(r.body ?? "", "utf8"), address: "127.0.0.1" }, api.context);
  return { status: res.status, body: res.body };
}

const post = (path: string, body: object): Req => ({ method: "POST", path, body: JSON.stringify(body), headers: { "content-type": "application/json" } });

const VN_FIELDS =
  "title,alttitle,titles{lang,title,latin,official,main},aliases,olang,devstatus,released,languages,platforms,image{id,url,dims,sexual,violence,votecount,thumbnail,thumbnail_dims}," +
  "length,length_minutes,length_votes,description,average,rating,popularity,votecount,screenshots{id,release.id},relations{id,relation,relation_official,title}," +
  "tags{id,rating,spoiler,lie,name},developers{id,name},editions{eid,lang,name,official},staff{id,role,note,eid,name},va{note,staff.id,character.id},extlinks{url,label,name,id}";
/** VN fields no dump limit touches (sample-dump.ts): no release date, language, platform or tag. */
const VN_PLAIN_FIELDS =
  "title,alttitle,titles{lang,title,latin,official,main},aliases,olang,devstatus,image{id,url,dims,sexual,violence,votecount},length,length_minutes,length_votes," +
  "description,average,rating,popularity,votecount,screenshots{id,release.id},relations{id,relation,relation_official},developers{id,name},editions{eid,lang,name,official}," +
  "staff{id,role,note,eid},va{note,staff.id,character.id},extlinks{url,label,name,id}";
const RELEASE_FIELDS =
  "title,alttitle,languages{lang,title,latin,mtl,main},platforms,media{medium,qty},vns{id,rtype},producers{id,developer,publisher},images{id,type,vn,languages,photo}," +
  "released,minage,patch,freeware,uncensored,official,has_ero,resolution,engine,voiced,notes,gtin,catalog,extlinks{url,label,name,id}";
const CHAR_FIELDS = "name,original,aliases,description,image{id,url,dims},blood_type,height,weight,bust,waist,hips,cup,age,birthday,sex,gender,vns{id,role,spoiler,release.id},traits{id,spoiler,lie,name}";
const STAFF_FIELDS = "aid,ismain,name,original,lang,gender,description,extlinks{url,label,name,id},aliases{aid,name,latin,ismain}";
const PRODUCER_FIELDS = "name,original,aliases,lang,type,description,extlinks{url,label,name,id}";
const TAG_FIELDS = "name,aliases,description,category,searchable,applicable,vn_count";
const TRAIT_FIELDS = "name,aliases,description,searchable,applicable,sexual,group_id,group_name,char_count";

/** Queries whose answers no dump limit changes: compared with the bundled sample as well. */
function plainQueries(): Req[] {
  const ids = (prefix: string, list: number[]) => list.map((n) => `${prefix}${n}`);
  return [
    ...ids("v", [1, 4, 7, 11, 17, 45, 92, 2002, 6540]).map((id) => post("/vn", { filters: ["id", "=", id], fields: VN_PLAIN_FIELDS })),
    post("/vn", { filters: ["search", "=", "fate"], fields: "title,rating", sort: "searchrank", results: 25 }),
    post("/vn", { filters: ["rating", ">=", 80], fields: "title,rating,votecount", sort: "rating", reverse: true, results: 40, count: true }),
    post("/vn", { sort: "votecount", reverse: true, fields: "title,votecount,popularity", results: 50, page: 2 }),
    post("/vn", { filters: ["and", ["olang", "=", "en"], ["devstatus", "=", 0]], fields: "title", sort: "title", results: 50, count: true }),
    post("/vn", { filters: ["developer", "=", ["search", "=", "key"]], fields: "title,developers{name}", results: 30 }),
    post("/vn", { filters: ["staff", "=", ["id", "=", "s1"]], fields: "title", results: 30 }),
    post("/vn", { filters: ["character", "=", ["id", "=", "c1"]], fields: "title" }),
    post("/vn", { filters: ["has_description", "=", 1], count: true, results: 0 }),
    post("/vn", { filters: ["length", "=", 3], fields: "length_minutes", count: true }),
    ...ids("r", [1, 2, 12, 1001, 12992]).map((id) => post("/release", { filters: ["id", "=", id], fields: RELEASE_FIELDS.replace("released,", "") })),
    post("/release", { filters: ["vn", "=", ["id", "=", "v17"]], fields: "title,vns{id,rtype},producers{id}", sort: "id", results: 50 }),
    post("/release", { filters: ["producer", "=", ["id", "=", "p1"]], fields: "title,platforms", results: 50, count: true }),
    post("/release", { filters: ["platform", "=", "win"], fields: "platforms", count: true, results: 10 }),
    post("/release", { filters: ["minage", ">=", 18], count: true, results: 5 }),
    ...ids("p", [1, 2, 24, 42]).map((id) => post("/producer", { filters: ["id", "=", id], fields: PRODUCER_FIELDS })),
    post("/producer", { filters: ["search", "=", "soft"], fields: "name,type", sort: "searchrank", results: 40, count: true }),
    post("/producer", { filters: ["type", "=", "ng"], fields: "name", results: 40, count: true }),
    ...ids("c", [1, 2, 3, 5, 100]).map((id) => post("/character", { filters: ["id", "=", id], fields: CHAR_FIELDS })),
    post("/character", { filters: ["search", "=", "sakura"], fields: "name,original", results: 40, count: true }),
    post("/character", { filters: ["vn", "=", ["id", "=", "v17"]], fields: "name,vns{role}", results: 40 }),
    post("/character", { filters: ["sex", "=", "f"], count: true, results: 5 }),
    ...ids("s", [1, 2, 3, 81]).map((id) => post("/staff", { filters: ["id", "=", id], fields: STAFF_FIELDS })),
    post("/staff", { filters: ["search", "=", "yuki"], fields: "name,original,lang", results: 40, count: true }),
    post("/staff", { filters: ["lang", "=", "en"], fields: "name", results: 40, count: true }),
    ...ids("i", [1, 2, 5, 36]).map((id) => post("/trait", { filters: ["id", "=", id], fields: TRAIT_FIELDS })),
    post("/trait", { filters: ["search", "=", "hair"], fields: "name,group_name", results: 40, count: true }),
    post("/character", { filters: ["trait", "=", "i36"], fields: "name", count: true }),
    post("/tag", { filters: ["search", "=", "romance"], fields: "name,category", results: 40, count: true }),
    post("/tag", { filters: ["category", "=", "ero"], fields: "name", results: 40, count: true }),
    post("/quote", { filters: ["vn", "=", ["id", "=", "v7849"]], fields: "quote,score,vn.id,character.id", results: 40 }),
    post("/quote", { filters: ["id", ">=", "q1"], fields: "quote,vn.title", sort: "id", results: 40, count: true }),
    { method: "GET", path: "/schema" },
    { method: "GET", path: "/user", query: "q=u1&q=multi&q=Yorhel&q=nobody-here&fields=lengthvotes,lengthvotes_sum" },
  ];
}

/** Queries touching what the mirror has and the sample lacks (dates, languages, platforms, tags). */
function derivedQueries(): Req[] {
  return [
    ...["v1", "v4", "v11", "v17", "v2002", "v6540"].map((id) => post("/vn", { filters: ["id", "=", id], fields: VN_FIELDS })),
    post("/vn", { filters: ["lang", "=", "en"], fields: "title,languages", sort: "id", results: 100, count: true }),
    post("/vn", { filters: ["platform", "=", "win"], fields: "platforms", sort: "released", results: 50, count: true }),
    post("/vn", { filters: ["released", ">=", "2004-01-01"], fields: "released", sort: "released", results: 50, count: true }),
    post("/vn", { filters: ["tag", "=", "g32"], fields: "title,tags{id,rating}", count: true }),
    post("/vn", { filters: ["tag", "=", ["g7", 0, 1.2]], fields: "title", count: true }),
    post("/vn", { filters: ["dtag", "=", "g148"], fields: "title,tags{rating,spoiler}", count: true }),
    ...["r1", "r12", "r1001"].map((id) => post("/release", { filters: ["id", "=", id], fields: RELEASE_FIELDS })),
    post("/release", { filters: ["released", ">=", "2008-01-01"], fields: "released", sort: "released", results: 50, count: true }),
    post("/release", { filters: ["lang", "=", "ja"], fields: "title", count: true, results: 5 }),
    ...["g32", "g7", "g148", "g2225"].map((id) => post("/tag", { filters: ["id", "=", id], fields: TAG_FIELDS })),
    { method: "GET", path: "/stats" },
  ];
}

/** The answer as a value to compare: JSON parsed when it is JSON, the error text otherwise. */
function answer(api: EmulatorApi, q: Req): { q: string; status: number; body: unknown } {
  const r = ask(api, q);
  return { q: q.body ?? `${q.path}?${q.query ?? ""}`, status: r.status, body: r.status === 200 ? JSON.parse(r.body) : r.body };
}

function isUserList(path: string): boolean {
  return /^\/(ulist|rlist|authinfo|ulist_labels)/.test(path);
}

// 1,800 vectors through two engines take 10-30 s on a busy 2-core machine.
describe("a mirror built from the sample written as a dump", { timeout: 300_000 }, () => {
  it("gives back the sample's rows, less only what a dump cannot carry", () => {
    for (const key of Object.keys(sample.reference) as (keyof Catalogue)[]) {
      if (key === "meta") continue;
      const got = derived[key] as unknown[];
      const want = sample.reference[key] as unknown[];
      expect({ table: key, rows: got.length }).toEqual({ table: key, rows: want.length });
      for (let i = 0; i < want.length; i++) {
        if (!isDeepStrictEqual(got[i], want[i])) expect({ table: key, row: got[i] }).toEqual({ table: key, row: want[i] });
      }
    }
    expect(derived.meta).toMatchObject({ built: "2026-11-27" });
  });

  it("answers every public vector outside the user lists as the sample does", () => {
    const vectors = loadVectors().filter((v) => !isUserList(v.path));
    expect(vectors.length).toBeGreaterThan(1500);
    let differ = 0;
    for (const v of vectors) {
      const req: Req = { method: v.method, path: v.path, query: v.query, body: v.body, headers: v.headers };
      const a = ask(mirror, req);
      const b = ask(reference, req);
      if (a.status !== b.status || a.body !== b.body) {
        differ++;
        expect({ id: v.id, ...a }).toEqual({ id: v.id, ...b });
      }
    }
    expect(differ).toBe(0);
  });

  it("answers queries across the eight endpoints, /stats, /schema and /user as the sample does", () => {
    for (const q of [...plainQueries(), ...derivedQueries()]) {
      const a = answer(mirror, q);
      expect(a).toEqual(answer(reference, q));
      // Each query is a valid one (an error on both sides would prove little).
      expect({ q: a.q, status: a.status, body: a.status === 200 ? "" : a.body }).toEqual({ q: a.q, status: 200, body: "" });
    }
  });

  it("and, where no dump limit applies, exactly as the bundled sample", () => {
    for (const q of plainQueries()) expect(answer(mirror, q)).toEqual(answer(bundled, q));
  });

  it("has the tags the synthetic votes give, which the sample lacks", () => {
    const a = JSON.parse(ask(mirror, post("/vn", { filters: ["id", "=", "v17"], fields: "tags{id,rating,spoiler,lie}" })).body) as { results: { tags: unknown[] }[] };
    const b = JSON.parse(ask(bundled, post("/vn", { filters: ["id", "=", "v17"], fields: "tags{id,rating,spoiler,lie}" })).body) as { results: { tags: unknown[] }[] };
    expect(b.results[0]!.tags).toEqual([]);
    expect(a.results[0]!.tags).toContainEqual({ id: "g32", rating: 2.6666667, spoiler: 0, lie: false });
  });
});
