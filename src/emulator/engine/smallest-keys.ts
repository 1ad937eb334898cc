// A page needs the first few rows of an order, not the whole order: a query matching 5,000
// staff aliases shows 25 of them. Selecting the k smallest sort keys first (quickselect,
// linear on average) and sorting only those is several times cheaper than sorting all.

/**
 * The `k` smallest of `keys` (numbers, ties allowed) in ascending order. Reorders `keys`
 * in place; the result may share its memory.
 */
export function smallestSorted(keys: Float64Array, k: number): Float64Array {
  if (k <= 0) return keys.subarray(0, 0);
  // Small selections of large arrays only: otherwise a plain sort is as good.
  if (k * 4 >= keys.length) return keys.sort().subarray(0, Math.min(k, keys.length));
  let lo = 0;
  let hi = keys.length - 1;
  const target = k - 1;
  // Hoare partitioning around a middle pivot until position `target` holds its final key,
  // with everything before it smaller.
  while (lo < hi) {
    const pivot = keys[(lo + hi) >>> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (keys[i]! < pivot) i++;
      while (keys[j]! > pivot) j--;
      if (i <= j) {
        const t = keys[i]!;
        keys[i] = keys[j]!;
        keys[j] = t;
        i++;
        j--;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else break;
  }
  return keys.subarray(0, k).sort();
}
