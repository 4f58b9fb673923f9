import { configureHeavyWork, DEFAULT_HEAVY_WORK, type WorkerPoolOptions } from "../platform/worker-pool.ts";

/**
 * The heavy-work threads' nice in the tests (HEAVY_WORK_NICE, ADR 120): the suite's own priority.
 * Nice is machine-wide, and beside CI's other lanes a thread at +10 got a tenth of a core, so a
 * file's parse waited on them. The priority itself is worker-pool.test.ts's to check.
 */
export const TEST_HEAVY_WORK_NICE = 0;

/**
 * The heavy-work pool as the tests run it, with `overrides` (a full queue, say): createTestApp sets
 * it from the test config, and a test that changes it puts it back with `testHeavyWork()`.
 */
export function testHeavyWork(overrides: Partial<WorkerPoolOptions> = {}) {
  return configureHeavyWork({ ...DEFAULT_HEAVY_WORK, nice: TEST_HEAVY_WORK_NICE, ...overrides });
}
