// The emulator's notion of "now". List writes stamp `added`/`lastmod`/`voted` with it and
// the query engine resolves `today` and the `time` member through it, so tests (and the
// `vectors` preset, whose recordings were made with a frozen clock) can pin it.

export interface Clock {
  now(): Date;
}

/** Wall-clock time: what a real server sees. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock stuck at one instant: `time` reports 0 and every write gets the same stamp. */
export function frozenClock(at: Date | string | number = 0): Clock {
  const fixed = new Date(at).getTime();
  return { now: () => new Date(fixed) };
}

/** A clock tests move by hand. */
export interface ManualClock extends Clock {
  set(at: Date | string | number): void;
  advance(ms: number): void;
}

export function manualClock(start: Date | string | number = 0): ManualClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (at) => {
      current = new Date(at).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

/** Unix seconds, the unit VNDB's list timestamps are exposed in. */
export function unixSeconds(clock: Clock): number {
  return Math.floor(clock.now().getTime() / 1000);
}
