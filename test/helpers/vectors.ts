// Loads the recorded Kana vectors: the public part, committed as a fixture
// (test/vectors/fixture/, a copy of ../shared/kana-vectors/public.jsonl; see its README).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";

export interface VectorSession {
  user_id: string;
  user_name: string | null;
  listread: 0 | 1;
  listwrite: 0 | 1;
}

export interface KanaVector {
  id: string;
  category:
    | "filter_valid"
    | "filter_decode"
    | "filter_invalid"
    | "fields"
    | "members"
    | "too_much_data"
    | "list_write"
    | "endpoints"
    | "auth";
  method: string;
  path: string;
  query: string | null;
  headers: Record<string, string>;
  body: string | null;
  auth: VectorSession | null;
  status: number;
  content_type: string | null;
  response_headers: Record<string, string>;
  response: string;
  side_effects: string | null;
  note: string;
  group: string;
}

const repoRoot = join(fileURLToPath(new URL(".", import.meta.url)), "..", "..");
export const VECTORS_FILE = join(repoRoot, "test", "vectors", "fixture", "public.jsonl");
/** The original beside the repository (absent on a fresh clone); the fixture must equal it. */
export const SHARED_VECTORS_FILE = join(repoRoot, "..", "shared", "kana-vectors", "public.jsonl");

let cache: KanaVector[] | undefined;

export function loadVectors(): KanaVector[] {
  cache ??= readFileSync(VECTORS_FILE, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as KanaVector);
  return cache;
}

/** The value of a request header, matched case-insensitively as HTTP does. */
export function headerOf(vector: KanaVector, name: string): string | undefined {
  const key = Object.keys(vector.headers).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : vector.headers[key];
}
