// Dump read throughput: how fast src/mirror/dump/read-dump.ts streams a VNDB-sized
// vndb-db-*.tar.zst (zstd → tar → COPY text → rows) with a consumer that takes every table and
// does nothing with the rows, and the peak RSS of that process. It measures the reader only;
// bench:mirror measures the whole build.
//
//   npx tsx bench/dump-read.bench.ts            (RUNS=3; SCALE=1 ≈ 0.5 GB of COPY text)
//
// The dump is generated once (seeded, test/helpers/dump-writer.ts) into DIR (default
// $TMPDIR/dump-read-bench) and compressed with the zstd command at level 7 as VNDB does
// (util/dbdump.pl); without the zstd command the writer's raw-block frames are read instead
// (the report says which). Each run is a fresh child process (peak RSS = its maxRSS); when
// this Node has zstd in node:zlib, native and fzstd runs alternate. Medians with [min–max].

import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const RUNS = Number(process.env.RUNS ?? 3);
const SCALE = Number(process.env.SCALE ?? 1);
const DIR = process.env.DIR ?? join(tmpdir(), "dump-read-bench");
/** The tables generate() writes (the others of VNDB's 51 are absent: warnings, not read). */
const BENCH_TABLES = ["tags_vn", "vn", "chars", "releases", "image_votes"];

async function child(file: string, forceJs: boolean): Promise<void> {
  const { readDump } = await import("../src/mirror/dump/read-dump.js");
  let rows = 0;
  let fields = 0;
  const started = performance.now();
  await readDump(file, {
    tables: new Set(BENCH_TABLES),
    table: () => ({ row: (v) => { rows++; fields += v.length; } }),
  }, undefined, { forceJsZstd: forceJs });
  const ms = performance.now() - started;
  const u = process.resourceUsage();
  process.stdout.write(JSON.stringify({ ms, cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000, rows, fields, maxRssKiB: u.maxRSS }));
}

/** Seeded generator (mulberry32). */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = "the of and a to in is you that it he was for on are as with his they at be this have from or one had by word but not what all were we when your can said there use an each which she do how their if will up other about out many then them these so some her would make like him into time has look two more write go see number no way could people my than first water been call who oil its now find long down day did get come made may part ヒロイン 学園 恋愛 物語 \\ tab\there new\nline".split(" ");

async function generate(raw: string, rand: () => number): Promise<void> {
  const { writeDump } = await import("../test/helpers/dump-writer.js");
  const text = (n: number) => Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(" ");
  const n = (k: number) => Math.round(k * SCALE);
  function* rows<T>(count: number, make: (i: number) => T): Generator<T> {
    for (let i = 0; i < count; i++) yield make(i);
  }
  await writeDump(raw, {
    // VNDB's sizes (landscape note §3, issue 28): 3M tag votes, ~60k VNs, ~120k characters, ~110k releases.
    tags_vn: { columns: ["date", "tag", "vid", "uid", "vote", "spoiler", "ignore", "lie", "notes"], rows: rows(n(3_000_000), (i) => ["2020-01-02", `g${1 + (i % 2700)}`, `v${1 + Math.floor(rand() * 60000)}`, `u${1 + Math.floor(rand() * 200000)}`, 1 + Math.floor(rand() * 3), rand() < 0.7 ? null : Math.floor(rand() * 3), rand() < 0.02, rand() < 0.01 ? true : null, rand() < 0.05 ? text(4) : ""]) },
    vn: { columns: ["id", "image", "c_image", "olang", "c_votecount", "c_rating", "c_average", "c_length", "c_lengthnum", "length", "devstatus", "alias", "description"], rows: rows(n(60_000), (i) => [`v${i + 1}`, `cv${i + 1}`, `cv${i + 1}`, "ja", Math.floor(rand() * 5000), 700, 710, null, 0, 0, 0, text(3), text(250)]) },
    chars: { columns: ["id", "image", "bloodt", "cup_size", "sex", "spoil_sex", "gender", "spoil_gender", "main", "main_spoil", "s_bust", "s_waist", "s_hip", "birthday", "height", "weight", "age", "description"], rows: rows(n(120_000), (i) => [`c${i + 1}`, null, "unknown", "", "f", null, null, null, null, 0, 0, 0, 0, 0, 0, null, null, text(120)]) },
    releases: { columns: ["id", "gtin", "olang", "released", "voiced", "reso_x", "reso_y", "minage", "ani_story", "ani_ero", "ani_story_sp", "ani_story_cg", "ani_cutscene", "ani_ero_sp", "ani_ero_cg", "ani_bg", "ani_face", "has_ero", "patch", "freeware", "uncensored", "official", "catalog", "notes", "engine"], rows: rows(n(110_000), (i) => [`r${i + 1}`, 0, "ja", 20100101 + (i % 1000), 0, 1280, 720, 18, null, null, null, null, null, null, null, null, null, true, false, false, null, true, "", text(10), null]) },
    image_votes: { columns: ["id", "uid", "date", "sexual", "violence", "ignore"], rows: rows(n(2_000_000), (i) => [`sf${1 + (i % 300000)}`, `u${1 + Math.floor(rand() * 200000)}`, "2021-05-06", Math.floor(rand() * 3), Math.floor(rand() * 3), false]) },
  }, { compress: "zstd-raw", timestamp: "2026-11-27 08:00:00+00" });
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

async function main(): Promise<void> {
  mkdirSync(DIR, { recursive: true });
  const raw = join(DIR, `raw-${SCALE}.tar.zst`);
  const packed = join(DIR, `zstd7-${SCALE}.tar.zst`);
  if (!existsSync(raw)) {
    process.stderr.write(`generating ${raw} …\n`);
    await generate(raw, rng(28));
  }
  let file = raw;
  let kind = "raw-block zstd frames (no zstd command)";
  try {
    if (!existsSync(packed)) execFileSync("sh", ["-c", `zstd -d -c '${raw}' | zstd -7 -T2 -q -o '${packed}'`]);
    file = packed;
    kind = "zstd -7 (as VNDB compresses)";
  } catch {
    /* no zstd command */
  }
  const tarBytes = Number(execFileSync("sh", ["-c", `zstd -d -c '${raw}' 2>/dev/null | wc -c || echo 0`]).toString().trim()) || statSync(raw).size;
  const { hasNativeZstd } = await import("../src/mirror/dump/zstd.js");
  const modes = hasNativeZstd() ? [false, true] : [true];
  const results = new Map<boolean, { ms: number; cpuMs: number; rows: number; rss: number }[]>();
  for (let r = 0; r < RUNS; r++) {
    for (const forceJs of modes) {
      const out = spawnSync(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), "--child", file, String(forceJs)], { encoding: "utf8", maxBuffer: 1 << 20 });
      if (out.status !== 0) throw new Error(out.stderr);
      const j = JSON.parse(out.stdout) as { ms: number; cpuMs: number; rows: number; maxRssKiB: number };
      (results.get(forceJs) ?? results.set(forceJs, []).get(forceJs)!).push({ ms: j.ms, cpuMs: j.cpuMs, rows: j.rows, rss: j.maxRssKiB / 1024 });
    }
  }
  const mb = tarBytes / 1e6;
  console.log(`dump: ${file} (${kind}), ${(statSync(file).size / 1e6).toFixed(0)} MB compressed, ${mb.toFixed(0)} MB tar; node ${process.version}; ${RUNS} runs`);
  for (const [forceJs, rs] of results) {
    const rates = rs.map((x) => mb / (x.ms / 1000));
    const cpuRates = rs.map((x) => mb / (x.cpuMs / 1000));
    const rss = rs.map((x) => x.rss);
    console.log(
      `${forceJs ? "fzstd (pure JS)" : "node:zlib zstd"}: ${median(rates).toFixed(1)} MB/s of tar by the clock [${Math.min(...rates).toFixed(1)}–${Math.max(...rates).toFixed(1)}], ` +
        `${median(cpuRates).toFixed(1)} MB/s per CPU-second (user+sys; fair on a shared machine) [${Math.min(...cpuRates).toFixed(1)}–${Math.max(...cpuRates).toFixed(1)}], ` +
        `${(median(rs.map((x) => x.ms)) / 1000).toFixed(1)} s for ${rs[0]!.rows.toLocaleString("en-US")} rows, peak RSS ${median(rss).toFixed(0)} MiB [${Math.min(...rss).toFixed(0)}–${Math.max(...rss).toFixed(0)}]`,
    );
  }
}

if (process.argv[2] === "--child") await child(process.argv[3]!, process.argv[4] === "true");
else await main();
