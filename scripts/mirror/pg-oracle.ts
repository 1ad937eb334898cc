// Runs VNDB's own SQL (sql/func.sql of the VNDB source at /work/.mirror/xso4+vndb-mirror/repo,
// or VNDB_SOURCE) on PostgreSQL 15 over the oracle dataset (test/mirror/derive/oracle-dataset.ts:
// the sample dump plus seeded random tag votes and traits), and records what it computes as
// test vectors in test/mirror/vectors/pg-oracle.json:
//   tag_vn_calc        → tags_vn_direct (tag, vid, rating, spoiler, lie) and tags_vn_inherit
//   traits_chars_calc  → traits_chars (tid, cid, spoil, lie)
//   update_vncache     → vn.c_released, c_languages, c_platforms, c_developers
//   update_vn_length_cache → vn.c_length, c_lengthnum (from vn_length_votes)
// pg-oracle.test.ts compares derive (and the engine's inheritance) with them; CI needs no
// PostgreSQL. Usage (as root, which runs the server as the `postgres` user, or as any user):
//   npm run mirror:oracle
// It starts its own server on a Unix socket in a temporary folder and removes it after.
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DUMP_TABLES, DUMP_TYPE_DECLS } from "../../src/mirror/dump/dump-schema.js";
import { copyRow } from "../../test/helpers/dump-writer.js";
import { oracleTables } from "../../test/mirror/derive/oracle-dataset.js";

const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
const VNDB_SOURCE = process.env.VNDB_SOURCE ?? "/work/.mirror/xso4+vndb-mirror/repo";
const OUT = fileURLToPath(new URL("../../test/mirror/vectors/pg-oracle.json", import.meta.url));
/** The functions run, by name, from sql/func.sql. */
const FUNCTIONS = ["tag_vn_calc", "traits_chars_calc", "update_vncache", "update_vn_length_cache"];
/** The tables the functions read. */
const TABLES = ["vn", "vn_titles", "releases", "releases_vn", "releases_titles", "releases_platforms", "releases_producers", "releases_images", "vn_image_votes", "tags", "tags_parents", "tags_vn", "users", "chars", "chars_traits", "traits", "traits_parents", "vn_length_votes"];

// Columns VNDB has but the dump does not export ([pub] only), which the functions use; all at
// their defaults (the dump holds no hidden rows).
const NOT_PUBLIC = `
ALTER TABLE vn ADD hidden boolean NOT NULL DEFAULT false, ADD c_released integer NOT NULL DEFAULT 0,
  ADD c_languages language[] NOT NULL DEFAULT '{}', ADD c_platforms platform[] NOT NULL DEFAULT '{}',
  ADD c_developers vndbid[] NOT NULL DEFAULT '{}', ADD c_moe boolean NOT NULL DEFAULT false,
  ADD c_imgfirst vndbid, ADD c_imglast vndbid;
ALTER TABLE releases ADD hidden boolean NOT NULL DEFAULT false, ADD c_bundle boolean NOT NULL DEFAULT false;
ALTER TABLE releases_images ADD photo boolean NOT NULL DEFAULT false;
ALTER TABLE tags ADD hidden boolean NOT NULL DEFAULT false, ADD c_items integer NOT NULL DEFAULT 0;
ALTER TABLE traits ADD hidden boolean NOT NULL DEFAULT false, ADD c_items integer NOT NULL DEFAULT 0;
ALTER TABLE chars ADD hidden boolean NOT NULL DEFAULT false;
ALTER TABLE vn_length_votes ADD private boolean NOT NULL DEFAULT false;
CREATE TABLE tags_vn_direct (tag vndbid NOT NULL, vid vndbid NOT NULL, rating real NOT NULL, spoiler smallint NOT NULL, count smallint NOT NULL, lie boolean NOT NULL, PRIMARY KEY(tag, vid));
CREATE TABLE tags_vn_inherit (tag vndbid NOT NULL, vid vndbid NOT NULL, rating real NOT NULL, spoiler smallint NOT NULL, lie boolean NOT NULL, PRIMARY KEY(tag, vid));
CREATE TABLE traits_chars (cid vndbid NOT NULL, tid vndbid NOT NULL, spoil smallint NOT NULL DEFAULT 0, lie boolean NOT NULL DEFAULT false, PRIMARY KEY (tid, cid));
`;

function functionText(funcSql: string, name: string): string {
  const start = funcSql.indexOf(`CREATE OR REPLACE FUNCTION ${name}(`);
  if (start < 0) throw new Error(`sql/func.sql has no function ${name}`);
  const m = /\$\$ LANGUAGE (plpgsql|SQL)[^;]*;/i.exec(funcSql.slice(start));
  if (!m) throw new Error(`cannot find the end of ${name}`);
  return funcSql.slice(start, start + m.index + m[0].length);
}

function main(): void {
  const commit = execFileSync("git", ["-C", VNDB_SOURCE, "rev-parse", "HEAD"], { encoding: "utf8" }).trim();
  const funcSql = execFileSync("git", ["-C", VNDB_SOURCE, "show", "HEAD:sql/func.sql"], { encoding: "utf8" });
  const now = new Date();
  const today = now.getUTCFullYear() * 10000 + (now.getUTCMonth() + 1) * 100 + now.getUTCDate();
  const tables = oracleTables(today);

  const work = mkdtempSync(join(tmpdir(), "pg-oracle-"));
  chmodSync(work, 0o777);
  const asRoot = userInfo().uid === 0;
  const run = (cmd: string, args: string[], input?: string) => {
    const full = asRoot ? ["-u", "postgres", "--", join(PG_BIN, cmd), ...args] : args;
    const r = spawnSync(asRoot ? "runuser" : join(PG_BIN, cmd), full, { input, encoding: "utf8", maxBuffer: 1 << 30, env: { ...process.env, TZ: "UTC" } });
    if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout}`);
    return r.stdout;
  };
  const data = join(work, "data");
  try {
    run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
    run("pg_ctl", ["-D", data, "-l", join(work, "log"), "-w", "-o", `-k ${work} -c listen_addresses='' -c fsync=off -c timezone=UTC`, "start"]);
    try {
      const psql = (sql: string) => run("psql", ["-h", work, "-U", "postgres", "-d", "postgres", "-v", "ON_ERROR_STOP=1", "-q", "-At"], sql);
      let sql = "CREATE DOMAIN vndbid AS text;\n" + DUMP_TYPE_DECLS.join("\n") + "\n";
      for (const t of TABLES) {
        // schema_vndbid.sql's declarations, vndbid(v) etc. as the vndbid domain over text.
        const cols = tables[t]!.columns.map((c) => DUMP_TABLES[t]!.columns.find((x) => x.name === c)!.vndbid.replace(/vndbid\([^)]*\)/g, "vndbid"));
        sql += `CREATE TABLE ${t} (\n  ${cols.join(",\n  ")}\n);\n`;
      }
      sql += NOT_PUBLIC;
      for (const t of TABLES) {
        sql += `COPY ${t} (${tables[t]!.columns.join(", ")}) FROM STDIN;\n`;
        for (const row of tables[t]!.rows) sql += copyRow(row);
        sql += "\\.\n";
      }
      // A vote on a VN the dump lacks is, in VNDB's database, a vote on a hidden VN: it exists there.
      sql += "INSERT INTO vn (id, olang, c_votecount, c_lengthnum, length, devstatus, alias, description, hidden) SELECT DISTINCT vid, 'ja'::language, 0, 0, 0, 0, '', '', true FROM tags_vn WHERE vid NOT IN(SELECT id FROM vn);\n";
      for (const f of FUNCTIONS) sql += functionText(funcSql, f) + "\n";
      sql += "SELECT tag_vn_calc(NULL); SELECT traits_chars_calc(NULL); SELECT update_vncache(NULL); SELECT update_vn_length_cache(NULL);\n";
      writeFileSync(join(work, "load.sql"), sql);
      psql(sql);
      const json = (q: string) => JSON.parse(psql(`SELECT coalesce(json_agg(x), '[]') FROM (${q}) x;`)) as unknown[];
      const vectors = {
        source: `VNDB ${commit.slice(0, 12)} sql/func.sql (${FUNCTIONS.join(", ")}) on PostgreSQL 15; scripts/mirror/pg-oracle.ts`,
        today,
        // rating::text: PostgreSQL's own shortest float4 text, as the API prints it.
        tagsVnDirect: json("SELECT tag, vid, rating::text AS rating, spoiler, lie FROM tags_vn_direct ORDER BY vid, tag"),
        tagsVnInherit: json("SELECT tag, vid, rating::text AS rating, spoiler, lie FROM tags_vn_inherit ORDER BY vid, tag"),
        traitsChars: json("SELECT tid, cid, spoil, lie FROM traits_chars ORDER BY cid, tid"),
        lengthCache: json("SELECT id, c_length, c_lengthnum FROM vn WHERE NOT hidden AND (c_lengthnum > 0 OR id IN(SELECT vid FROM vn_length_votes)) ORDER BY id"),
        vnCache: json("SELECT id, c_released, c_languages::text[] AS c_languages, c_platforms::text[] AS c_platforms, c_developers::text[] AS c_developers FROM vn WHERE NOT hidden ORDER BY id"),
      };
      writeFileSync(OUT, JSON.stringify(vectors, null, 1) + "\n");
      console.error(`wrote ${OUT}: ${vectors.tagsVnDirect.length} direct tags, ${vectors.tagsVnInherit.length} inherited, ${vectors.traitsChars.length} traits_chars, ${vectors.vnCache.length} VNs (today ${today})`);
    } finally {
      run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main();
