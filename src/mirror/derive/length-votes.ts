// Play-time votes (vn_length_votes), streamed into numbers. Two uses:
// - update_vn_length_cache (sql/func.sql), for a dump whose `vn` lacks c_length/c_lengthnum
//   (the 2024 dump): per VN, over votes with a speed, not private, by a user that exists with
//   perm_lengthvote, and only when the VN's devstatus <> 1:
//     c_lengthnum = count, c_length = percentile_cont(0.5) of length + (length/4 * (speed-1))
//   (length/4 is integer division; the median is cast to smallint, which rounds half to even);
// - GET /user's lengthvotes / lengthvotes_sum (API.pm: count and sum of `length` per user).
//   The API counts private votes too; the dump holds only public ones (dbdump.pl), so the
//   mirror's counts are those of the public votes.
import { DeriveInputError } from "./errors.js";

const INITIAL = 1 << 14;

export class LengthVoteStore {
  #n = 0;
  #vid = new Int32Array(INITIAL);
  #uid = new Int32Array(INITIAL);
  #length = new Int32Array(INITIAL);
  /** -1 = NULL (uncounted). */
  #speed = new Int8Array(INITIAL);

  add(vid: number, uid: number, length: number, speed: number | null): void {
    if (!Number.isInteger(length)) throw new DeriveInputError(`vn_length_votes: bad length ${length}`);
    if (this.#n === this.#vid.length) {
      const g = <T extends Int32Array | Int8Array>(a: T, b: T): T => (b.set(a), b);
      const cap = this.#n * 2;
      this.#vid = g(this.#vid, new Int32Array(cap));
      this.#uid = g(this.#uid, new Int32Array(cap));
      this.#length = g(this.#length, new Int32Array(cap));
      this.#speed = g(this.#speed, new Int8Array(cap));
    }
    const i = this.#n++;
    this.#vid[i] = vid;
    this.#uid[i] = uid;
    this.#length[i] = length;
    this.#speed[i] = speed ?? -1;
  }

  get size(): number {
    return this.#n;
  }

  /** update_vn_length_cache for every VN with a vote; `counts(uid)` says whether the user exists with perm_lengthvote. */
  cache(devstatus: ReadonlyMap<number, number>, counts: (uid: number) => boolean): Map<number, { minutes: number | null; votes: number }> {
    const per = new Map<number, number[]>();
    for (let i = 0; i < this.#n; i++) {
      const speed = this.#speed[i];
      const vid = this.#vid[i];
      const uid = this.#uid[i];
      if (speed < 0 || uid === 0 || !counts(uid) || devstatus.get(vid) === 1 || !devstatus.has(vid)) continue;
      const len = this.#length[i];
      const adjusted = len + Math.trunc(len / 4) * (speed - 1);
      const list = per.get(vid);
      if (list) list.push(adjusted);
      else per.set(vid, [adjusted]);
    }
    const out = new Map<number, { minutes: number | null; votes: number }>();
    for (const [vid, list] of per) out.set(vid, { minutes: roundHalfEven(median(list)), votes: list.length });
    return out;
  }

  /** Every vote by a known (not deleted) user: GET /user's lengthvotes. */
  *perUser(): Generator<{ uid: number; vid: number; minutes: number }> {
    for (let i = 0; i < this.#n; i++) if (this.#uid[i] !== 0) yield { uid: this.#uid[i], vid: this.#vid[i], minutes: this.#length[i] };
  }
}

/** percentile_cont(0.5): the middle value, or the mean of the two middle ones. */
export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** A float8 → smallint cast (PostgreSQL rounds to nearest, ties to even). */
export function roundHalfEven(x: number): number {
  const f = Math.floor(x);
  const d = x - f;
  if (d > 0.5) return f + 1;
  if (d < 0.5) return f;
  return f % 2 === 0 ? f : f + 1;
}
