import { defineConfig } from "vitest/config";

// CI sets VITEST_JSON_REPORT so that .ci/run can print "N passed, N failed" from it.
const jsonReport = process.env.VITEST_JSON_REPORT;

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The machines here have 2 cores; more workers only add contention.
    maxWorkers: 2,
    testTimeout: 20_000,
    // Set-ups start emulators, servers and workers (the catalogue load alone takes seconds on
    // a busy machine): vitest's 10 s default failed whole files there with no test at fault,
    // so many files already passed 60 s by hand; this makes it the rule.
    hookTimeout: 60_000,
    reporters: jsonReport ? ["default", "json"] : ["default"],
    outputFile: jsonReport ? { json: jsonReport } : undefined,
  },
});
