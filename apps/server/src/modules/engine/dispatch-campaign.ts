import { pgArray, type Tx } from "@sms/db";
import { sql } from "drizzle-orm";
import type { JobQueue } from "../../jobs/job-queue.ts";
import { dispatchChunkJob } from "./dispatch-chunk.ts";
import { dispatchSendsJob } from "./jobs.ts";
import { countQueuedSql } from "./message-rollups.ts";

export interface AcceptedCampaign {
  id: number;
  organizationId: number;
  /** The messages' created_at (their partition). */
  acceptedAt: Date;
  /** Messages stored, with seq 1..recipients. */
  recipients: number;
  chunkSize: number;
  /** Not sent before this time (the public API's `scheduled_delivery`): the chunk jobs start then. */
  startAt?: Date | null;
  /** The messages' insert counted them into the rollups already (countQueuedSql). */
  countedQueued?: boolean;
}

/**
 * The engine's side of an acceptance, called in the transaction that stored the campaign and its
 * messages and charged for them: the queued messages are counted into the daily rollups, and one
 * chunk job per `chunkSize` recipients is enqueued. Everything commits or rolls back together, so
 * there is never a charged message without its job, or a job without its messages.
 */
export async function dispatchCampaign(
  tx: Tx,
  jobs: Pick<JobQueue, "enqueueMany">,
  campaign: AcceptedCampaign,
): Promise<void> {
  if (campaign.recipients === 0) return;
  if (!campaign.countedQueued)
    await tx.execute(
      countQueuedSql(
        sql`messages`,
        sql`campaign_id = ${campaign.id} and created_at = ${campaign.acceptedAt.toISOString()}::timestamptz`,
      ),
    );
  const payloads = [];
  for (let from = 1; from <= campaign.recipients; from += campaign.chunkSize) {
    payloads.push({
      campaignId: campaign.id,
      acceptedAt: campaign.acceptedAt.toISOString(),
      fromSeq: from,
      toSeq: Math.min(from + campaign.chunkSize - 1, campaign.recipients),
    });
  }
  await jobs.enqueueMany(
    dispatchChunkJob,
    payloads,
    campaign.startAt ? { tx, startAfter: campaign.startAt } : { tx },
  );
}

/** Sends of one message batch at most per dispatch-sends job (each is a whole small send). */
export const SENDS_PER_JOB = 1000;

/**
 * dispatchCampaign for many small sends accepted together (the public API's group commit, all
 * with one accepted_at): their rollups in one statement and one dispatch job per `SENDS_PER_JOB`
 * sends, not one job per send (a one-number API send would otherwise be one job per SMS).
 */
export async function dispatchSends(
  tx: Tx,
  jobs: Pick<JobQueue, "enqueueMany">,
  sends: {
    acceptedAt: Date;
    campaigns: { id: number; recipients: number }[];
    /** The caller counted the queued messages into the rollups in its own insert (one statement less). */
    countedQueued?: boolean;
  },
): Promise<void> {
  const campaigns = sends.campaigns.filter((c) => c.recipients > 0);
  if (campaigns.length === 0) return;
  if (!sends.countedQueued)
    await tx.execute(
      countQueuedSql(
        sql`messages`,
        sql`campaign_id = any(${pgArray(campaigns.map((c) => c.id))}::bigint[])
       and created_at = ${sends.acceptedAt.toISOString()}::timestamptz`,
      ),
    );
  const payloads = [];
  for (let i = 0; i < campaigns.length; i += SENDS_PER_JOB) {
    payloads.push({
      acceptedAt: sends.acceptedAt.toISOString(),
      campaigns: campaigns.slice(i, i + SENDS_PER_JOB).map((c) => ({ id: c.id, recipients: c.recipients })),
    });
  }
  await jobs.enqueueMany(dispatchSendsJob, payloads, { tx });
}

/**
 * The engine's side of every acceptance (ADR 68), in its transaction: sends accepted one at a time
 * get chunk jobs (dispatchCampaign: their rollups, one job per chunk, from `startAt`); a group of
 * small sends accepted together (the public API's group commit) gets one dispatch-sends job per
 * SENDS_PER_JOB sends (dispatchSends), except a send to start later (`startAt`), which keeps its chunk
 * jobs. `countedQueued`: the messages' insert counted them already.
 */
export async function dispatchAccepted(
  tx: Tx,
  jobs: Pick<JobQueue, "enqueueMany">,
  accepted: {
    acceptedAt: Date;
    chunkSize: number;
    grouped: boolean;
    countedQueued?: boolean;
    campaigns: readonly { id: number; organizationId: number; recipients: number; startAt: Date | null }[];
  },
): Promise<void> {
  // A dispatch-sends job sends at once: a send to start later keeps its own chunk jobs.
  const grouped = new Set(accepted.grouped ? accepted.campaigns.filter((c) => c.startAt === null) : []);
  if (grouped.size > 0) {
    await dispatchSends(tx, jobs, {
      acceptedAt: accepted.acceptedAt,
      campaigns: [...grouped].map((c) => ({ id: c.id, recipients: c.recipients })),
      countedQueued: accepted.countedQueued === true,
    });
  }
  for (const campaign of accepted.campaigns) {
    if (grouped.has(campaign)) continue;
    await dispatchCampaign(tx, jobs, {
      id: campaign.id,
      organizationId: campaign.organizationId,
      acceptedAt: accepted.acceptedAt,
      recipients: campaign.recipients,
      chunkSize: accepted.chunkSize,
      startAt: campaign.startAt,
      countedQueued: accepted.countedQueued === true,
    });
  }
}
