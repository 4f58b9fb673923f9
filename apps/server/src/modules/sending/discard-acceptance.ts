import { type Db, queryRows, schema } from "@sms/db";
import { and, eq, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { defineJob } from "../../jobs/define-job.ts";
import { claimUnpublished, deleteUnpublished } from "../campaigns/index.ts";
import { deleteTrackedLinks } from "../links/index.ts";
import { deleteOptOutLink } from "../opt-outs/index.ts";

const c = schema.campaigns;

/** Messages removed per statement, as they were written (ADR 53). */
export const DISCARD_SLICE_ROWS = 5_000;
/** A sliced acceptance still unpublished after this long died with its process (ADR 53). */
export const STALLED_ACCEPTANCE_MS = 10 * 60_000;

/**
 * Removes a sliced acceptance that will not be published (its store or its publish failed, or its
 * process died): first marks the row (recipients −1, under its lock, so a publish arriving late
 * refuses it), then its messages in short slices from the top, its tracked links, and the row.
 * Does nothing to a send already published. Safe to run twice.
 */
export async function discardAcceptance(
  db: Db,
  campaign: { id: number; acceptedAt: Date },
  sliceRows = DISCARD_SLICE_ROWS,
): Promise<void> {
  if (!(await claimUnpublished(db, campaign.id))) return;
  const at = campaign.acceptedAt.toISOString();
  const [top] = await queryRows<{ top: unknown }>(
    db,
    sql`select coalesce(max(seq), 0) as top from messages
         where campaign_id = ${campaign.id} and created_at = ${at}::timestamptz`,
  );
  for (let upTo = Number(top?.top ?? 0); upTo > 0; upTo -= sliceRows) {
    await db.execute(
      sql`delete from messages
           where campaign_id = ${campaign.id} and created_at = ${at}::timestamptz
             and seq > ${upTo - sliceRows} and seq <= ${upTo}`,
    );
  }
  await deleteTrackedLinks(db, campaign.id);
  await deleteOptOutLink(db, campaign.id);
  await deleteUnpublished(db, campaign.id);
}

/** Removes sliced acceptances a crash left unpublished (older than STALLED_ACCEPTANCE_MS). */
export async function sweepStalledAcceptances(db: Db, now = new Date()): Promise<number> {
  const stalled = await db
    .select({ id: c.id, acceptedAt: c.acceptedAt })
    .from(c)
    .where(and(eq(c.accepting, true), lt(c.createdAt, new Date(now.getTime() - STALLED_ACCEPTANCE_MS))))
    .limit(100);
  for (const campaign of stalled) await discardAcceptance(db, campaign);
  return stalled.length;
}

export const sweepAcceptancesJob = defineJob({
  name: "campaigns.sweep-acceptances",
  payload: z.object({}),
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  cron: { schedule: "*/5 * * * *", payload: {} },
  handler: async (_payload, ctx) => {
    const swept = await sweepStalledAcceptances(ctx.db);
    if (swept > 0) ctx.log.warn({ swept }, "removed sends whose acceptance never finished");
  },
});
