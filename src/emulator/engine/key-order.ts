// The order the response writes an object's keys in (json.ts: sorted, as VNDB's writer
// does). Projections build their objects in this order, so the serialiser can hand them to
// JSON.stringify as they are instead of re-keying every object of a page.
import type { FieldSelection } from "../../kana/types.js";
import { compareKeys } from "./json.js";

const plain = new WeakMap<FieldSelection, string[]>();
const entity = new WeakMap<FieldSelection, string[]>();

/**
 * The selected keys in response order; with `withId` (entity objects, which always carry
 * their id) "id" is among them whether selected or not. Built once per selection object:
 * a page projects the same selection for every row.
 */
export function orderedKeys(sel: FieldSelection, withId: boolean): string[] {
  const cache = withId ? entity : plain;
  let keys = cache.get(sel);
  if (keys === undefined) {
    const set = new Set(Object.keys(sel));
    if (withId) set.add("id");
    keys = [...set].sort(compareKeys);
    cache.set(sel, keys);
  }
  return keys;
}
