import {
  configureHeavyWork,
  DEFAULT_HEAVY_WORK,
  heavyWork,
  type WorkerPool,
  type WorkerPoolOptions,
} from "../platform/worker-pool.ts";

/**
 * The heavy-work threads' nice in the tests (HEAVY_WORK_NICE, ADR 120): the suite's own priority.
 * Nice is machine-wide, and beside CI's other lanes a thread at +10 got a tenth of a core, so a
 * file's parse waited on them. The priority itself is worker-pool.test.ts's to check.
 */
export const TEST_HEAVY_WORK_NICE = 0;

/** The pool `testHeavyWork()` made last: kept while it is the process's, with its spare workers. */
let testPool: WorkerPool | undefined;

/**
 * The heavy-work pool as the tests run it, with `overrides` (a full queue, say). createTestApp
 * sets it, and a test that changed it puts it back with `testHeavyWork()`. Without overrides the
 * pool already in place is kept: the files of a Vitest worker share it, and its spare workers
 * (their task modules loaded) serve the next file's tasks.
 */
export function testHeavyWork(overrides: Partial<WorkerPoolOptions> = {}): WorkerPool {
  const plain = Object.keys(overrides).length === 0;
  if (plain && testPool && heavyWork() === testPool) return testPool;
  const pool = configureHeavyWork({ ...DEFAULT_HEAVY_WORK, nice: TEST_HEAVY_WORK_NICE, ...overrides });
  if (plain) testPool = pool;
  return pool;
}
