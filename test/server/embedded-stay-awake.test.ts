// When a thread stays awake for the other (server/embedded-stay-awake.ts): while its looks at
// the channel come close together, and not for a while after one came late (it lost its core).
// The clock is given, so nothing here depends on timing.
import { describe, expect, it } from "vitest";
import { BACK_OFF_MS, PREEMPTED_MS, StayAwake } from "../../src/server/embedded-stay-awake.js";

describe("staying awake", () => {
  it("goes on while the looks come within PREEMPTED_MS of each other", () => {
    const awake = new StayAwake();
    expect(awake.begin(100)).toBe(true);
    let now = 100;
    for (let k = 0; k < 50; k++) expect(awake.look((now += PREEMPTED_MS / 2))).toBe(true);
    expect(awake.allowed(now)).toBe(true);
  });

  it("stops at a late look and stays asleep for BACK_OFF_MS, then may stay awake again", () => {
    const awake = new StayAwake();
    expect(awake.begin(100)).toBe(true);
    const late = 100 + PREEMPTED_MS * 3;
    expect(awake.look(late)).toBe(false);
    expect(awake.allowed(late + 1)).toBe(false);
    expect(awake.begin(late + BACK_OFF_MS - 1)).toBe(false);
    expect(awake.allowed(late + BACK_OFF_MS)).toBe(true);
    expect(awake.begin(late + BACK_OFF_MS)).toBe(true);
    expect(awake.look(late + BACK_OFF_MS + PREEMPTED_MS / 2)).toBe(true);
  });

  it("counts the gap from the stay's first look, not from an earlier stay", () => {
    const awake = new StayAwake();
    awake.begin(0);
    expect(awake.look(0.1)).toBe(true);
    // A new stay an hour later: its first look is begin(), not a late look.
    expect(awake.begin(3_600_000)).toBe(true);
    expect(awake.look(3_600_000 + 0.1)).toBe(true);
  });
});
