// PostgreSQL `real` (float4) values as PostgreSQL prints them and the API therefore shows
// them: rounded to single precision, then written with the fewest digits that read back as
// the same float4 (PostgreSQL ≥ 12's shortest output; e.g. 8/3 → 2.6666667, not the
// float64 2.6666667461395264).

/** Significant digits that always identify a float4 (FLT_DECIMAL_DIG). */
const FLOAT4_DIGITS = 9;

export function float4(x: number): number {
  const f = Math.fround(x);
  if (!Number.isFinite(f) || f === 0) return f;
  for (let p = 1; p <= FLOAT4_DIGITS; p++) {
    const candidate = Number(f.toPrecision(p));
    if (Math.fround(candidate) === f) return candidate;
  }
  return f;
}
