// Where the authorization server keeps its records: one small interface, in memory by
// default and on Redis when VNDB_REDIS_URL is set (redis-store.ts), as client/shared-stores.ts
// does for the budget and cache. Values are JSON text; every record has a lifetime.

import type { RecordKind } from "./records.js";
import { MEMORY_STORE_MAX_RECORDS } from "./limits.js";

export interface AuthStore {
  put(kind: RecordKind, id: string, value: object, ttlMs: number): Promise<void>;
  get<T>(kind: RecordKind, id: string): Promise<T | undefined>;
  /** Reads and deletes at once: of two concurrent takers only one gets the record (codes, refresh tokens). */
  take<T>(kind: RecordKind, id: string): Promise<T | undefined>;
  delete(kind: RecordKind, id: string): Promise<void>;
  /** Gives an existing record a new lifetime; a deleted one stays deleted (no resurrection by a racing refresh). */
  renew(kind: RecordKind, id: string, ttlMs: number): Promise<void>;
  /** For the log: where the records live, without credentials. */
  describe: string;
  close(): Promise<void>;
}

/** One process's store: lost on restart (people then connect again), bounded in size. */
export class MemoryAuthStore implements AuthStore {
  readonly describe = "memory (this process only)";
  readonly #records = new Map<string, { json: string; expires: number }>();
  constructor(
    readonly maxRecords = MEMORY_STORE_MAX_RECORDS,
    readonly now: () => number = Date.now,
  ) {}

  async put(kind: RecordKind, id: string, value: object, ttlMs: number): Promise<void> {
    const key = `${kind}:${id}`;
    this.#records.delete(key); // re-inserted last: the Map's order is the eviction order
    this.#records.set(key, { json: JSON.stringify(value), expires: this.now() + ttlMs });
    for (const oldest of this.#records.keys()) {
      if (this.#records.size <= this.maxRecords) break;
      this.#records.delete(oldest);
    }
  }

  async get<T>(kind: RecordKind, id: string): Promise<T | undefined> {
    return this.#read<T>(`${kind}:${id}`);
  }

  async take<T>(kind: RecordKind, id: string): Promise<T | undefined> {
    // Read and delete with no await between them: concurrent takers cannot both get it.
    const key = `${kind}:${id}`;
    const value = this.#read<T>(key);
    this.#records.delete(key);
    return value;
  }

  #read<T>(key: string): T | undefined {
    const record = this.#records.get(key);
    if (!record) return undefined;
    if (record.expires <= this.now()) {
      this.#records.delete(key);
      return undefined;
    }
    return JSON.parse(record.json) as T;
  }

  async delete(kind: RecordKind, id: string): Promise<void> {
    this.#records.delete(`${kind}:${id}`);
  }

  async renew(kind: RecordKind, id: string, ttlMs: number): Promise<void> {
    const record = this.#records.get(`${kind}:${id}`);
    if (record && record.expires > this.now()) record.expires = this.now() + ttlMs;
  }

  /** Every stored text (tests look for secrets in clear). */
  dump(): string[] {
    return [...this.#records].map(([key, { json }]) => `${key} ${json}`);
  }

  async close(): Promise<void> {
    this.#records.clear();
  }
}
