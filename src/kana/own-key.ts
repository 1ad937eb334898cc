// Looking a name a client sent up in a table of our own: only the table's own entries count.
// A plain object also "has" constructor, toString, __proto__ and the rest of Object.prototype,
// so `table[name]` for a filter named "constructor" found a function where an entry was
// expected (issue 30: "Unexpected error: alias.to is not iterable").

/** The table's own entry for `key`, or undefined. */
export function ownEntry<T>(table: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return table !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
}
