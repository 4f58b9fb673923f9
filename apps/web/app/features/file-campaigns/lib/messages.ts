import { CAMPAIGN_MESSAGE_KEYS } from "@sms/domain/contracts/campaigns";
import { VALIDATION_MESSAGE_KEYS } from "@sms/domain/rules/validation";
import { type MessageTexts, useMessageText } from "~/components/form";

const TEXTS: MessageTexts = { ...VALIDATION_MESSAGE_KEYS, ...CAMPAIGN_MESSAGE_KEYS };

/** A zod message key of the send contracts in the page's language; server-worded text passes through. */
export function useFileCampaignText(): (key: string | undefined) => string | undefined {
  return useMessageText(TEXTS);
}
