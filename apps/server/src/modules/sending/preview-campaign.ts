import type { Locale, TCampaignPreview, TCampaignPreviewBody } from "@sms/domain";
import { balanceOf } from "../credits/index.ts";
import { countContactRecipients } from "./contact-recipients.ts";
import { planContactSend } from "./plan-contact-send.ts";
import { presentPreview } from "./present-preview.ts";
import type { SendActor, SendDeps } from "./resolve-send.ts";

/**
 * POST /c/campaigns/preview: the recipients, drops and credits the same body would give, counted
 * with the acceptance's own SQL but only read: no campaign, message, staging row, job or charge.
 */
export async function previewCampaign(
  deps: SendDeps,
  actor: SendActor,
  input: TCampaignPreviewBody,
  locale: Locale,
): Promise<TCampaignPreview> {
  const plan = await planContactSend(deps, actor, {
    sender: input.sender,
    purpose: input.purpose,
    groupIds: input.group_ids,
    manualContacts: input.manual_contacts,
    templateId: input.template_id,
    message: input.message,
    trackLinks: input.track_links,
    optOutLink: input.opt_out_link,
  });
  const counts = await countContactRecipients(deps.db, plan.recipients);
  return presentPreview({
    recipients: counts.kept,
    invalid: plan.invalid,
    duplicates: plan.duplicates + counts.candidates - counts.unique,
    suppressed: counts.unique - counts.kept,
    credits: counts.credits,
    minParts: counts.minParts,
    maxParts: counts.maxParts,
    personalised: plan.personalised,
    missingValues: counts.missingValues,
    sample: counts.sample,
    // With tracked links, the text as counted: each link as long as a short link.
    text: plan.tracking?.countingText ?? plan.resolved.text,
    optOutFooter: plan.optOut?.preview ?? null,
    purpose: input.purpose,
    balance: await balanceOf(deps.db, actor.organizationId),
    at: (deps.now ?? (() => new Date()))(),
    locale,
  });
}
