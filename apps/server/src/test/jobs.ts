import { sql } from "drizzle-orm";
import type { JobContext } from "../jobs/define-job.ts";
import { createStorage } from "../storage/index.ts";
import type { TestContext } from "./test-app.ts";

/** The context a worker gives handlers, for calling one directly (idempotency tests). */
export function jobContextOf(t: TestContext): JobContext {
  return {
    db: t.db.db,
    dbHandle: t.db,
    storage: createStorage(t.app.config.storage),
    config: t.app.config,
    mailer: t.app.mailer,
    smsGateway: t.app.smsGateway,
    log: t.app.log,
    enqueue: (definition, payload, options) => t.app.jobs.enqueue(definition, payload, options),
  };
}

export interface QueuedJob {
  state: string;
  data: Record<string, unknown>;
  singleton_key: string | null;
}

/** The pg-boss rows of a queue, oldest first, optionally in one state. */
export async function jobsIn(t: TestContext, queue: string, state?: string): Promise<QueuedJob[]> {
  const rows = await t.db.db.execute(
    sql`select state, data, singleton_key from pgboss.job
        where name = ${queue} and (${state ?? null}::text is null or state::text = ${state ?? null})
        order by created_on`,
  );
  return ((rows as unknown as { rows?: unknown[] }).rows ?? rows) as QueuedJob[];
}
