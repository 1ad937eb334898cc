// A small TTL cache with request coalescing. An assistant tends to ask the same thing
// several times in one conversation (the schema, a tag's id, who the token belongs to), and
// often in parallel tool calls; each repeat would spend one of 200 requests per 5 minutes.
// Failures are never cached: VNDB's errors are cheap to repeat and may be transient.

/** Entries kept at most; the oldest inserted go first. Sized for one conversation's lookups. */
export const DEFAULT_CACHE_MAX_ENTRIES = 500;

interface Entry<V> {
  value: V;
  expiresAt: number;
}

export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly inFlight = new Map<string, Promise<V>>();

  constructor(private readonly maxEntries: number = DEFAULT_CACHE_MAX_ENTRIES) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V, ttlMs: number): void {
    if (ttlMs <= 0) return;
    this.entries.delete(key); // re-insert at the end: eviction order is by last write
    this.entries.set(key, { value, expiresAt: Date.now() + ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Drops every entry whose key starts with `prefix` (e.g. all of one endpoint). */
  deletePrefix(prefix: string): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The cached value, or the result of the identical call already in flight, or a new
   * call to `load` (cached for `ttlMs` when it succeeds; ttlMs 0 = coalesce only).
   */
  getOrLoad(key: string, ttlMs: number, load: () => Promise<V>): Promise<V> {
    const cached = this.get(key);
    if (cached !== undefined) return Promise.resolve(cached);
    const pending = this.inFlight.get(key);
    if (pending !== undefined) return pending;
    const promise = (async () => {
      try {
        const value = await load();
        this.set(key, value, ttlMs);
        return value;
      } finally {
        this.inFlight.delete(key);
      }
    })();
    this.inFlight.set(key, promise);
    return promise;
  }

  /** How many distinct loads are running (for tests and diagnostics). */
  get loading(): number {
    return this.inFlight.size;
  }
}

/**
 * A stable key for a JSON-like value: object keys sorted at every level, so that
 * `{a:1,b:2}` and `{b:2,a:1}` are one cache entry.
 */
export function canonicalKey(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = sortKeys((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}
