import type { JobContext } from "../jobs/define-job.ts";
import type { TestContext } from "./test-app.ts";

/** The context a worker gives handlers, for calling one directly (idempotency tests): the queue's own. */
export function jobContextOf(t: TestContext): JobContext {
  return t.app.jobs.context;
}

export interface QueuedJob {
  id: string;
  state: string;
  data: Record<string, unknown>;
  singletonKey: string | null;
  startAfter: Date;
}

/**
 * A queue's jobs, oldest first (jobs enqueued in one transaction in no particular order), optionally in one state and only those whose payload contains
 * `data`: read through pg-boss's `findJobs`, never its tables, which are not its API and have
 * changed shape across its majors (review P9, ADR 83).
 */
export async function jobsIn(
  t: Pick<TestContext, "jobs">,
  queue: string,
  state?: string,
  data?: Record<string, unknown>,
): Promise<QueuedJob[]> {
  const jobs = await t.jobs.boss.findJobs<Record<string, unknown>>(queue, data ? { data } : {});
  return jobs
    .filter((job) => state === undefined || job.state === state)
    .map((job) => ({
      id: job.id,
      state: job.state,
      data: job.data,
      singletonKey: job.singletonKey,
      startAfter: job.startAfter,
    }));
}

/** Removes a queue's jobs whose payload contains `data` (a test that runs the handler itself). */
export async function deleteJobs(t: Pick<TestContext, "jobs">, queue: string, data: Record<string, unknown>) {
  const ids = (await jobsIn(t, queue, undefined, data)).map((job) => job.id);
  if (ids.length > 0) await t.jobs.boss.deleteJob(queue, ids);
}

/** Makes a queue's waiting jobs whose payload contains `data` due now (their time has come). */
export async function makeDue(t: Pick<TestContext, "jobs">, queue: string, data: Record<string, unknown>) {
  for (const job of await jobsIn(t, queue, "created", data)) {
    await t.jobs.boss.update(queue, undefined, { id: job.id, startAfter: new Date() });
  }
}
