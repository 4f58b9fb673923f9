import type { Db } from "@sms/db";
import { isTemplateTag, TRACKED_LINK_MAX_SEQ } from "@sms/domain";
import { isPersonalised, splitMessage } from "@sms/domain/rules/personalisation";
import { AppError } from "../../errors.ts";
import { codedText, createTrackedLinks, type LinkTracking } from "../links/index.ts";
import type { ContactRecipients } from "./contact-recipients.ts";

/**
 * In the acceptance transaction: stores the send's tracked links and answers the recipients whose
 * texts carry them (each link `prefix + code`, the seq added per recipient by the INSERT … SELECT).
 * Without tracking, the recipients as they are.
 */
export async function withTrackedLinks(
  tx: Db,
  recipients: ContactRecipients,
  tracking: LinkTracking | null,
  campaignId: number,
): Promise<ContactRecipients> {
  if (!tracking) return recipients;
  const codes = await createTrackedLinks(tx, tracking, {
    organizationId: recipients.organizationId,
    campaignId,
  });
  const coded = codedText(recipients.text, tracking, codes);
  return {
    ...recipients,
    // An instant message is sent as written: its braces are never tags.
    pieces: isPersonalised(recipients.pieces) ? splitMessage(coded, isTemplateTag) : [{ text: coded }],
    // Every text differs from the campaign's (its links are shortened): each is stored.
    links: { prefix: tracking.prefix, codes, seqPadding: tracking.seqPadding },
  };
}

/** A recipient's seq must fit the short link's fixed width; a larger send is refused (and rolled back). */
export function assertTrackable(tracking: LinkTracking | null, recipients: number): void {
  if (tracking && recipients > TRACKED_LINK_MAX_SEQ) {
    throw new AppError("UNPROCESSABLE", {
      messageKey: "campaigns.too_many_for_tracked_links",
      params: { limit: TRACKED_LINK_MAX_SEQ.toLocaleString("en") },
    });
  }
}
