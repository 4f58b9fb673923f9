import type { Db } from "@sms/db";
import type { SendPurpose } from "@sms/domain";
import { inSpan, stage } from "../../platform/telemetry.ts";
import {
  ACCEPT_SLICE_ROWS,
  type AcceptedSend,
  acceptSend,
  acceptSlicedSend,
  replayedSend,
  type SendUnit,
  type StoredMessages,
} from "./accept-send.ts";
import {
  type ContactRecipients,
  groupsHoldMoreThan,
  insertContactMessages,
  type MessagesOf,
} from "./contact-recipients.ts";
import { withOptOutFooter } from "./opt-out-footer.ts";
import { planContactSend } from "./plan-contact-send.ts";
import type { SendActor, SendDeps } from "./resolve-send.ts";
import { assertTrackable, withTrackedLinks } from "./track-links.ts";
import { onTrialOnly } from "./trial-limits.ts";

export interface CampaignInput {
  name: string;
  sender: string;
  purpose: SendPurpose;
  groupIds: readonly number[];
  /** The manual-contacts textarea as typed. */
  manualContacts: string;
  templateId?: number | undefined;
  message?: string | undefined;
  /** Shorten the text's links to tracked per-recipient links (off by default). */
  trackLinks?: boolean | undefined;
  /** A marketing campaign's opt-out footer (on unless false; ADR 93). */
  optOutLink?: boolean | undefined;
  idempotencyKey?: string | null;
}

/**
 * POST /c/campaigns: a campaign to contact groups and typed numbers (kind `campaign`, messages of
 * type `campaign`). Invalid typed numbers and repeats are dropped and counted; for marketing, numbers
 * on the suppression list too; personalisation tags are filled per recipient in the database.
 * Stored, charged and queued in one transaction (acceptSend); when the groups hold more than
 * `acceptSliceRows` contacts, in slices by contact id and one short publishing transaction
 * (acceptSlicedSend, ADR 53), with the same messages, seqs, counts and charge.
 */
export function acceptCampaign(
  deps: SendDeps,
  actor: SendActor,
  input: CampaignInput,
): Promise<AcceptedSend> {
  return inSpan("sending.accept-campaign", () => accept(deps, actor, input));
}

async function accept(deps: SendDeps, actor: SendActor, input: CampaignInput): Promise<AcceptedSend> {
  const key = input.idempotencyKey ?? null;
  const earlier = await replayedSend(deps, actor, "campaign", key);
  if (earlier) return earlier;
  const plan = await planContactSend(deps, actor, input);
  const sender = plan.resolved.sender;
  if (!sender) throw new Error("a campaign names its sender (checked by the contract)");
  stage("checked");
  const unit: SendUnit = {
    kind: "campaign",
    name: input.name,
    purpose: input.purpose,
    sender,
    text: plan.resolved.text,
    templateId: plan.resolved.templateId,
    groupIds: plan.recipients.groupIds,
    manualContacts: plan.manualKept,
    fileName: null,
    invalid: plan.invalid,
    duplicates: plan.duplicates,
    idempotencyKey: key,
  };
  const of = (campaign: { id: number; acceptedAt: Date }): MessagesOf => ({
    campaignId: campaign.id,
    acceptedAt: campaign.acceptedAt,
    type: "campaign",
    sender: sender.name,
  });
  const sliceRows = deps.acceptSliceRows ?? ACCEPT_SLICE_ROWS;
  // A free-trial organization's few recipients are checked in the one transaction.
  const sliced =
    (await groupsHoldMoreThan(deps.db, plan.recipients, sliceRows)) &&
    !(await onTrialOnly(deps.db, actor.organizationId));
  if (sliced) {
    return acceptSlicedSend(deps, actor, unit, async (db, campaign) => {
      const linked = await withTrackedLinks(db, plan.recipients, plan.tracking, campaign.id);
      const recipients = await withOptOutFooter(db, linked, plan.optOut, campaign.id);
      const stored = await storeContactSlices(db, recipients, of(campaign), sliceRows);
      assertTrackable(plan.tracking, stored.recipients);
      return stored;
    });
  }
  return acceptSend(deps, actor, unit, async (tx, campaign) => {
    const linked = await withTrackedLinks(tx, plan.recipients, plan.tracking, campaign.id);
    const recipients = await withOptOutFooter(tx, linked, plan.optOut, campaign.id);
    const counts = await insertContactMessages(tx, recipients, of(campaign));
    assertTrackable(plan.tracking, counts.kept);
    return {
      recipients: counts.kept,
      credits: counts.credits,
      empty: counts.empty,
      duplicates: counts.candidates - counts.unique,
      suppressed: counts.unique - counts.kept,
    };
  });
}

/**
 * A sliced acceptance's messages (ADR 53): the groups' contacts in keyset slices of `sliceRows` by
 * contact id, each slice one statement, then the typed numbers not among them; seq runs on from
 * slice to slice. The totals are those of the one INSERT … SELECT.
 */
async function storeContactSlices(
  db: Db,
  recipients: ContactRecipients,
  of: MessagesOf,
  sliceRows: number,
): Promise<StoredMessages> {
  const total = { candidates: 0, unique: 0, kept: 0, credits: 0, empty: 0 };
  const add = (slice: Awaited<ReturnType<typeof insertContactMessages>>) => {
    stage("slice");
    total.candidates += slice.candidates;
    total.unique += slice.unique;
    total.kept += slice.kept;
    total.credits += slice.credits;
    total.empty += slice.empty;
  };
  for (let afterId = 0; ; ) {
    const slice = await insertContactMessages(db, recipients, of, {
      kind: "contacts",
      afterId,
      limit: sliceRows,
      offset: total.kept,
    });
    add(slice);
    if (slice.candidates < sliceRows) break;
    afterId = slice.lastId;
  }
  if (recipients.manual.length > 0) {
    add(await insertContactMessages(db, recipients, of, { kind: "typed", offset: total.kept }));
  }
  return {
    recipients: total.kept,
    credits: total.credits,
    empty: total.empty,
    duplicates: total.candidates - total.unique,
    suppressed: total.unique - total.kept,
  };
}
