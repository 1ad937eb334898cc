// A seeded fuzzing run in every test run (issue 10): 2,000 mixed plausible and hostile tool
// calls, with cancels and malformed lines between them, over real stdio against --embedded
// with a list-write token (every tool registered), and _meta, progressToken and ids of the
// wrong type, each of which must get the JSON-RPC error the spec names. Nothing may crash the server, take over
// 5 s, or answer with an error text that leaks internals. `npm run fuzz` runs long ones.

import { describe, expect, it } from "vitest";
import { runFuzz } from "../../scripts/fuzz/run.js";

describe("fuzzing the stdio server", () => {
  it("2,000 calls: no crash, none over 5 s, no 'Unexpected error', stack trace or file path", async () => {
    const report = await runFuzz({ count: 2_000, seed: 20261124, concurrency: 8, maxHugeChars: 200_000, slowMs: 5_000, protocolAbuse: true });
    expect(report.crashed).toBeNull();
    expect(report.slow).toEqual([]);
    expect(report.leaks).toEqual([]);
    // Cancelled calls get no answer by design; everything else must have been answered.
    expect(report.answered).toBeGreaterThanOrEqual(report.calls - (report.kinds.cancelled ?? 0));
    expect(report.kinds.plausible).toBeGreaterThan(1_000);
    // Malformed _meta, progressToken and ids among them, each answered with the spec's error.
    expect(report.protocol).toEqual([]);
    expect(report.kinds.meta).toBeGreaterThan(5);
    expect(report.kinds.progressToken).toBeGreaterThan(5);
    expect(report.kinds.oddId).toBeGreaterThan(5);
    console.log(`fuzz: ${report.answered}/${report.calls} answered, p50 ${report.p50Ms.toFixed(1)} ms, p99 ${report.p99Ms.toFixed(1)} ms, peak RSS ${report.peakRssMiB} MiB`);
  }, 120_000);
});
