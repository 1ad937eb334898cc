// Where the authorization server keeps its records: one small interface, in memory by
// default and on Redis when VNDB_REDIS_URL is set (redis-store.ts), as client/shared-stores.ts
// does for the budget and cache. Values are JSON text; every record has a lifetime.

import type { RecordKind } from "./records.js";
import { MAX_STORED_CLIENTS, MEMORY_STORE_MAX_RECORDS_PER_KIND } from "./limits.js";

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

/**
 * One process's store: lost on restart (people then connect again), bounded per kind of
 * record (clients to MAX_STORED_CLIENTS), the least recently used of a kind going first: a
 * flood of registrations (one request each) can push out only other registrations not used
 * lately, never a grant.
 */
export class MemoryAuthStore implements AuthStore {
  readonly describe = "memory (this process only)";
  readonly #kinds = new Map<RecordKind, Map<string, { json: string; expires: number }>>();
  constructor(
    readonly maxPerKind = MEMORY_STORE_MAX_RECORDS_PER_KIND,
    readonly now: () => number = Date.now,
    readonly maxClients = Math.min(maxPerKind, MAX_STORED_CLIENTS),
  ) {}

  #of(kind: RecordKind) {
    let records = this.#kinds.get(kind);
    if (!records) this.#kinds.set(kind, (records = new Map()));
    return records;
  }

  async put(kind: RecordKind, id: string, value: object, ttlMs: number): Promise<void> {
    const records = this.#of(kind);
    records.delete(id); // re-inserted last: the Map's order is the eviction order
    records.set(id, { json: JSON.stringify(value), expires: this.now() + ttlMs });
    const max = kind === "client" ? this.maxClients : this.maxPerKind;
    for (const oldest of records.keys()) {
      if (records.size <= max) break;
      records.delete(oldest);
    }
  }

  async get<T>(kind: RecordKind, id: string): Promise<T | undefined> {
    return this.#read<T>(kind, id);
  }

  async take<T>(kind: RecordKind, id: string): Promise<T | undefined> {
    // Read and delete with no await between them: concurrent takers cannot both get it.
    const value = this.#read<T>(kind, id);
    this.#of(kind).delete(id);
    return value;
  }

  #read<T>(kind: RecordKind, id: string): T | undefined {
    const records = this.#of(kind);
    const record = records.get(id);
    if (!record) return undefined;
    if (record.expires <= this.now()) {
      records.delete(id);
      return undefined;
    }
    // Used: last in the eviction order again.
    records.delete(id);
    records.set(id, record);
    return JSON.parse(record.json) as T;
  }

  async delete(kind: RecordKind, id: string): Promise<void> {
    this.#of(kind).delete(id);
  }

  async renew(kind: RecordKind, id: string, ttlMs: number): Promise<void> {
    const record = this.#of(kind).get(id);
    if (record && record.expires > this.now()) record.expires = this.now() + ttlMs;
  }

  /** Every stored text, `kind:id json` (tests look for secrets in clear). */
  dump(): string[] {
    return [...this.#kinds].flatMap(([kind, records]) => [...records].map(([id, { json }]) => `${kind}:${id} ${json}`));
  }

  async close(): Promise<void> {
    this.#kinds.clear();
  }
}
