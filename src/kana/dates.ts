// Release dates as the `released` filter reads them (VNDB's `fuzzyrdate` and `rdate`
// validations, reference §8.3): free-form text in, the internal YYYYMMDD integer out.

/** Internal value of an unknown date. */
export const DATE_UNKNOWN = 0;
/** Internal value of "today"; the engine substitutes the current UTC date at query time. */
export const DATE_TODAY = 1;
/** Internal value of "to be announced". */
export const DATE_TBA = 99999999;

/** Years outside this range are refused (except TBA and unknown), per `rdate`. */
export const MIN_DATE_YEAR = 1980;
export const MAX_DATE_YEAR = 2100;
/** The year that marks TBA; any date in it collapses to DATE_TBA. */
const TBA_YEAR = 9999;
/** Month/day "99" means "the whole month/year" in the internal form. */
const WHOLE = 99;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Checks and normalises the eight-digit internal form. The month is tested as the captured
 * text, so "00" (a non-empty, non-"0" string, hence true in Perl) passes the month check;
 * it only survives when the day is 99, since a real day needs a real calendar date.
 */
function checkInternal(text: string): number | null {
  let y: number;
  let month: number;
  let day: number;
  // Only the exact text "0" (unknown) gives the numeric year 0 that Perl treats as false.
  // A captured year "0000" is a true string, so it goes through the range check and fails:
  // "0000", "0000-05" and "00000505" are refused, not read as unknown.
  const yearIsFalse = text === "0";
  if (yearIsFalse) {
    y = month = day = 0;
  } else {
    const m = /^([0-9]{4})([0-9]{2})([0-9]{2})$/.exec(text);
    if (m === null) return null;
    y = Number(m[1]);
    month = Number(m[2]);
    day = Number(m[3]);
  }
  if (y === 0) {
    month = 0;
    day = 0;
  }
  if (y === TBA_YEAR) month = WHOLE;
  if (month === WHOLE) day = WHOLE;
  const value = y * 10000 + month * 100 + day;

  if (yearIsFalse) return value;
  if (y !== TBA_YEAR && (y < MIN_DATE_YEAR || y > MAX_DATE_YEAR)) return null;
  // VNDB tests the month for truth as the captured two-digit text, and "00" is a true
  // string in Perl, so only months above 12 fail here.
  if (month !== WHOLE && month > 12) return null;
  if (day !== WHOLE && (month < 1 || month > 12 || day < 1 || day > daysInMonth(y, month))) {
    return null;
  }
  return value;
}

/**
 * Reads a `released` value that has already been trimmed and is not empty: `YYYY-MM-DD`,
 * `YYYY-MM`, `YYYY`, `today`, `unknown`, `TBA` (case-insensitive) or the internal integer
 * text. Returns the internal integer, or null when VNDB would refuse it.
 */
export function parseFuzzyDate(text: string): number | null {
  let t = text;
  if (/^unknown$/i.test(t)) t = "0";
  if (/^today$/i.test(t)) t = "1";
  if (/^tba$/i.test(t)) t = String(DATE_TBA);
  let m: RegExpExecArray | null;
  if ((m = /^([0-9]{4})$/.exec(t)) !== null) t = `${m[1]}9999`;
  if ((m = /^([0-9]{4})-([0-9]{2})$/.exec(t)) !== null) t = `${m[1]}${m[2]}99`;
  if ((m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(t)) !== null) t = `${m[1]}${m[2]}${m[3]}`;
  if (t === "1") return DATE_TODAY;
  return checkInternal(t);
}

/**
 * The shortest text form of an internal date that parses back to it: "today", "unknown",
 * "TBA", "YYYY", "YYYY-MM" or "YYYY-MM-DD". Useful for showing a normalised filter to people.
 */
export function formatFuzzyDate(value: number): string {
  if (value === DATE_TODAY) return "today";
  if (value === DATE_UNKNOWN) return "unknown";
  if (value === DATE_TBA) return "TBA";
  const y = Math.floor(value / 10000);
  const month = Math.floor(value / 100) % 100;
  const day = value % 100;
  const yyyy = String(y).padStart(4, "0");
  if (month === WHOLE) return yyyy;
  const mm = String(month).padStart(2, "0");
  if (day === WHOLE) return `${yyyy}-${mm}`;
  return `${yyyy}-${mm}-${String(day).padStart(2, "0")}`;
}
