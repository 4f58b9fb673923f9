import type { Db } from "@sms/db";
import { CAMPAIGN_NAME_MAX_LENGTH, type SendPurpose } from "@sms/domain";
import { CopyRows } from "../../platform/copy-rows.ts";
import { inSpan, stage } from "../../platform/telemetry.ts";
import { codedText, createTrackedLinks, planLinkTracking, provisionalCodes } from "../links/index.ts";
import { createOptOutLink, type OptOutFooter, planOptOut } from "../opt-outs/index.ts";
import {
  ACCEPT_SLICE_ROWS,
  type AcceptedSend,
  acceptSend,
  acceptSlicedSend,
  replayedSend,
} from "./accept-send.ts";
import {
  deleteAbandonedStaging,
  deleteStagedMessages,
  insertStagedMessages,
  newStagingBatchId,
  type StagedBatch,
} from "./insert-staged-messages.ts";
import { type CampaignFile, readFileRecipients } from "./read-file-recipients.ts";
import { resolveSend, type SendActor, type SendDeps } from "./resolve-send.ts";
import { assertTrackable } from "./track-links.ts";
import { onTrialOnly } from "./trial-limits.ts";

export interface FileCampaignInput {
  /** The file's name when left out. */
  name?: string | undefined;
  sender: string;
  purpose: SendPurpose;
  templateId?: number | undefined;
  message?: string | undefined;
  /** The phone column's header when it is not recognised by name. */
  phoneColumn?: string | undefined;
  /** Shorten the text's links to tracked per-recipient links (off by default). */
  trackLinks?: boolean | undefined;
  /** A marketing campaign's opt-out footer (on unless false; ADR 93). */
  optOutLink?: boolean | undefined;
  idempotencyKey?: string | null;
}

const STAGING_COLUMNS = ["batch_id", "seq", "recipient", "text", "billed_parts", "credits"] as const;

/**
 * POST /c/campaigns/import: a campaign from a CSV or XLSX file (kind `file`). The file is read in a
 * heavy-work thread (readFileRecipients, ADR 30: invalid and repeated numbers dropped and counted,
 * personalisation filled in),
 * its recipients COPYed into message_staging under a batch id as they are read, then moved into
 * messages by one INSERT … SELECT in the acceptance transaction, which drops suppressed numbers for
 * marketing and removes the batch. Whatever fails, the batch's staging rows are removed.
 */
export function acceptFileCampaign(
  deps: SendDeps,
  actor: SendActor,
  input: FileCampaignInput,
  file: CampaignFile,
): Promise<AcceptedSend> {
  return inSpan("sending.accept-file-campaign", async () => {
    const staged = await stageFileCampaign(deps, actor, input, file);
    if (!("accept" in staged)) return staged;
    let moved = false;
    try {
      const accepted = await staged.accept(deps);
      // A replay answered another send: this batch was never moved.
      moved = !accepted.replayed;
      return accepted;
    } finally {
      if (!moved) await staged.discard();
    }
  });
}

/**
 * A file campaign's recipients read and staged (COPYed into message_staging under a batch id),
 * not accepted yet: no campaign, no charge. Staging is the step that cannot run inside a
 * transaction (COPY commits on a connection of its own on PostgreSQL, and on the embedded database
 * the read would hold the one session); accepting can (ADR 89).
 */
export interface StagedFileCampaign {
  /**
   * More recipients than a slice (ADR 53): `accept` writes them in slices, each statement on its
   * own, so it refuses deps bound to a caller's transaction.
   */
  readonly sliced: boolean;
  /**
   * Moves the batch into a campaign's messages and charges it, all or nothing: in a transaction
   * of its own, or in a savepoint of the caller's when `deps` are `sendDepsIn(deps, tx)` (then
   * it commits, or rolls back, with the caller's transaction).
   */
  accept(deps: SendDeps): Promise<AcceptedSend>;
  /**
   * Removes the batch's staging rows: after a failed acceptance, or once the caller's transaction
   * has settled (a rolled-back move leaves them staged). Harmless after a committed move (nothing
   * left), so a caller may always call it; a process that dies first leaves them to
   * deleteAbandonedStaging.
   */
  discard(): Promise<void>;
}

/**
 * The first half of a file campaign: the earlier send with the same Idempotency-Key (answered
 * instead), or the file read and its recipients staged. Never inside a transaction (deps.tx).
 */
export async function stageFileCampaign(
  deps: SendDeps,
  actor: SendActor,
  input: FileCampaignInput,
  file: CampaignFile,
): Promise<AcceptedSend | StagedFileCampaign> {
  if (deps.tx) throw new Error("a file's recipients are staged before any transaction (COPY, ADR 89)");
  const key = input.idempotencyKey ?? null;
  const earlier = await replayedSend(deps, actor, "file", key);
  if (earlier) return earlier;
  const resolved = await resolveSend(deps, actor, input);
  const sender = resolved.sender;
  if (!sender) throw new Error("a file campaign names its sender (checked by the contract)");
  stage("checked");
  // Tracked links: the file's texts are staged with provisional codes (the transaction stores the
  // real ones, which the move writes with each recipient's seq).
  const tracking = planLinkTracking(resolved.text, input.trackLinks ?? false, deps.linkOrigin);
  const provisional = tracking ? provisionalCodes(tracking) : [];
  const staged = tracking ? codedText(resolved.text, tracking, provisional) : resolved.text;
  const optOut = planOptOut(resolved.text, input.purpose, input.optOutLink, deps.linkOrigin);

  // The wall clock, not deps.now: batch ids are compared with other processes' batches.
  await deleteAbandonedStaging(deps.db);
  const batchId = newStagingBatchId();
  const root = deps.db;
  const discard = () => deleteStagedMessages(root, batchId);
  let read: Awaited<ReturnType<typeof readFileRecipients>>;
  let sliced: boolean;
  const sliceRows = deps.acceptSliceRows ?? ACCEPT_SLICE_ROWS;
  try {
    const copy = new CopyRows(deps.dbHandle, "message_staging", STAGING_COLUMNS);
    try {
      read = await readFileRecipients(
        file,
        {
          organizationId: actor.organizationId,
          text: staged,
          phoneColumn: input.phoneColumn,
          seqPadding: tracking?.seqPadding,
          footer: optOut?.preview,
        },
        (seq, msisdn, text, parts) => copy.write([batchId, seq, msisdn, text, parts, parts]),
      );
      await copy.finish();
    } finally {
      await copy.close();
    }
    // A free-trial organization's few recipients are checked in the one transaction.
    sliced = read.valid > sliceRows && !(await onTrialOnly(root, actor.organizationId));
  } catch (error) {
    // Committed by COPY outside any transaction: a failed read must not leave them behind.
    await discard();
    throw error;
  }
  stage("staged");
  const unit = {
    kind: "file" as const,
    name: input.name ?? Array.from(file.name).slice(0, CAMPAIGN_NAME_MAX_LENGTH).join(""),
    purpose: input.purpose,
    sender,
    text: resolved.text,
    templateId: resolved.templateId,
    groupIds: [],
    manualContacts: 0,
    fileName: file.name,
    invalid: read.invalid,
    duplicates: read.duplicates,
    idempotencyKey: key,
  };
  const batchOf = (
    campaign: { id: number; acceptedAt: Date },
    codes: readonly string[],
    footer: OptOutFooter | null,
  ): StagedBatch => ({
    batchId,
    organizationId: actor.organizationId,
    campaignId: campaign.id,
    acceptedAt: campaign.acceptedAt,
    type: "campaign",
    sender: sender.name,
    suppress: input.purpose === "marketing",
    links: tracking
      ? {
          prefix: tracking.prefix,
          text: staged,
          codes: provisional.map((from, i) => ({ from, to: codes[i] ?? "" })),
        }
      : undefined,
    optOut: footer ? { footer, text: staged } : undefined,
  });
  const linksOf = (db: Db, campaign: { id: number }) =>
    tracking
      ? createTrackedLinks(db, tracking, { organizationId: actor.organizationId, campaignId: campaign.id })
      : Promise.resolve([]);
  const footerOf = (db: Db, campaign: { id: number }) =>
    optOut
      ? createOptOutLink(db, optOut, { organizationId: actor.organizationId, campaignId: campaign.id })
      : Promise.resolve(null);
  const valid = read.valid;
  const accept = (on: SendDeps): Promise<AcceptedSend> => {
    if (sliced && on.tx) throw new Error("a sliced acceptance runs on its own, not in a transaction");
    return sliced
      ? acceptSlicedSend(on, actor, unit, async (db, campaign) => {
          const batch = batchOf(campaign, await linksOf(db, campaign), await footerOf(db, campaign));
          const stored = { kept: 0, credits: 0, empty: 0 };
          for (let after = 0; after < valid; after += sliceRows) {
            const moved = await insertStagedMessages(db, batch, {
              after,
              upTo: after + sliceRows,
              offset: stored.kept,
            });
            stored.kept += moved.kept;
            stored.credits += moved.credits;
            stored.empty += moved.empty;
          }
          assertTrackable(tracking, stored.kept);
          return {
            recipients: stored.kept,
            credits: stored.credits,
            empty: stored.empty,
            duplicates: 0,
            suppressed: valid - stored.kept,
          };
        })
      : acceptSend(on, actor, unit, async (tx, campaign) => {
          const batch = batchOf(campaign, await linksOf(tx, campaign), await footerOf(tx, campaign));
          const stored = await insertStagedMessages(tx, batch);
          assertTrackable(tracking, stored.kept);
          await deleteStagedMessages(tx, batchId);
          return {
            recipients: stored.kept,
            credits: stored.credits,
            empty: stored.empty,
            duplicates: 0,
            suppressed: valid - stored.kept,
          };
        });
  };
  return { sliced, accept, discard };
}
