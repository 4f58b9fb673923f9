import type { SendPurpose } from "@sms/domain";
import { type AcceptedSend, acceptSend, replayedSend } from "./accept-send.ts";
import { insertContactMessages } from "./contact-recipients.ts";
import { planContactSend } from "./plan-contact-send.ts";
import type { SendActor, SendDeps } from "./resolve-send.ts";
import { assertTrackable, withTrackedLinks } from "./track-links.ts";

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
  idempotencyKey?: string | null;
}

/**
 * POST /c/campaigns: a campaign to contact groups and typed numbers (kind `campaign`, messages of
 * type `campaign`). Invalid typed numbers and repeats are dropped and counted; for marketing, numbers
 * on the suppression list too; personalisation tags are filled per recipient in the database.
 * Stored, charged and queued in one transaction (acceptSend).
 */
export async function acceptCampaign(
  deps: SendDeps,
  actor: SendActor,
  input: CampaignInput,
): Promise<AcceptedSend> {
  const key = input.idempotencyKey ?? null;
  const earlier = await replayedSend(deps, actor, "campaign", key);
  if (earlier) return earlier;
  const plan = await planContactSend(deps, actor, input);
  const sender = plan.resolved.sender;
  if (!sender) throw new Error("a campaign names its sender (checked by the contract)");
  deps.trace?.("checked");
  return acceptSend(
    deps,
    actor,
    {
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
    },
    async (tx, campaign) => {
      const recipients = await withTrackedLinks(tx, plan.recipients, plan.tracking, campaign.id);
      const counts = await insertContactMessages(tx, recipients, {
        campaignId: campaign.id,
        acceptedAt: campaign.acceptedAt,
        type: "campaign",
        sender: sender.name,
      });
      assertTrackable(plan.tracking, counts.kept);
      return {
        recipients: counts.kept,
        credits: counts.credits,
        duplicates: counts.candidates - counts.unique,
        suppressed: counts.unique - counts.kept,
      };
    },
  );
}
