// When a thread of this process may stay awake for another (server/embedded.ts WaitSettings):
// not while the machine has no core to spare. Staying awake saves the 100–150 µs a sleeping
// thread takes to wake on this VM; on a machine whose cores are all busy it takes a core
// from the work being waited for, the worker's answer included (bench:exchange with other
// work on both cores: the arms that stayed awake were the slowest).
//
// The sign is direct: a thread that stays awake looks at the clock every few µs, so a gap
// longer than PREEMPTED_MS between two looks means it was taken off its core (or its loop
// had other work to do, when staying awake is no use either). It then sleeps as usual for
// BACK_OFF_MS. (The load average would count the waiting threads themselves, and lags by a
// minute.)

/** A gap between two looks at the channel this long means the thread lost its core (a look takes µs; a time slice is ms). */
export const PREEMPTED_MS = 0.2;

/** How long a thread that lost its core does not stay awake again (ms). */
export const BACK_OFF_MS = 1_000;

export class StayAwake {
  #lastLook = 0;
  #notBefore = -Infinity;

  /** Whether to stay awake for the next message now (false during a back-off). */
  allowed(now = performance.now()): boolean {
    return now >= this.#notBefore;
  }

  /** The first look of a stay (the gaps are counted from here); false during a back-off. */
  begin(now = performance.now()): boolean {
    this.#lastLook = now;
    return this.allowed(now);
  }

  /** One more look; false when the thread lost its core since the last one (it then backs off). */
  look(now = performance.now()): boolean {
    const gap = now - this.#lastLook;
    this.#lastLook = now;
    if (gap <= PREEMPTED_MS) return true;
    this.#notBefore = now + BACK_OFF_MS;
    return false;
  }
}
