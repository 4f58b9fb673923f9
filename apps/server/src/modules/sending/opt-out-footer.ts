import type { Db } from "@sms/db";
import { createOptOutLink, type OptOutPlan } from "../opt-outs/index.ts";
import type { ContactRecipients } from "./contact-recipients.ts";

/**
 * In the acceptance transaction: stores the send's opt-out link and answers the recipients whose
 * texts end with it (each recipient's part added by the INSERT … SELECT). Without a footer, the
 * recipients as they are.
 */
export async function withOptOutFooter(
  tx: Db,
  recipients: ContactRecipients,
  plan: OptOutPlan | null,
  campaignId: number,
): Promise<ContactRecipients> {
  if (!plan) return { ...recipients, optOut: undefined };
  const footer = await createOptOutLink(tx, plan, { organizationId: recipients.organizationId, campaignId });
  return { ...recipients, optOut: footer };
}
