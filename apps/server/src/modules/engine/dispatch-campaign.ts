import type { Db } from "@sms/db";
import { sql } from "drizzle-orm";
import type { JobQueue } from "../../jobs/job-queue.ts";
import { dispatchChunkJob } from "./jobs.ts";

/** About this many recipients per chunk job (DESIGN §2): never one job per SMS. */
export const CHUNK_SIZE = 1000;

export interface AcceptedCampaign {
  id: number;
  organizationId: number;
  /** The messages' created_at (their partition). */
  acceptedAt: Date;
  /** Messages stored, with seq 1..recipients. */
  recipients: number;
  chunkSize: number;
}

/**
 * The engine's side of an acceptance, called in the transaction that stored the campaign and its
 * messages and charged for them: the queued messages are counted into the daily rollups, and one
 * chunk job per `chunkSize` recipients is enqueued. Everything commits or rolls back together, so
 * there is never a charged message without its job, or a job without its messages.
 */
export async function dispatchCampaign(
  tx: Db,
  jobs: Pick<JobQueue, "enqueueMany">,
  campaign: AcceptedCampaign,
): Promise<void> {
  if (campaign.recipients === 0) return;
  await tx.execute(sql`
    insert into message_daily_counts (organization_id, day, type, status, messages, credits)
    select organization_id, (created_at at time zone 'Asia/Bangkok')::date, type, 'queued', count(*), sum(credits)
      from messages
     where campaign_id = ${campaign.id} and created_at = ${campaign.acceptedAt.toISOString()}::timestamptz
     group by 1, 2, 3`);
  const payloads = [];
  for (let from = 1; from <= campaign.recipients; from += campaign.chunkSize) {
    payloads.push({
      campaignId: campaign.id,
      acceptedAt: campaign.acceptedAt.toISOString(),
      fromSeq: from,
      toSeq: Math.min(from + campaign.chunkSize - 1, campaign.recipients),
    });
  }
  await jobs.enqueueMany(dispatchChunkJob, payloads, { tx });
}
