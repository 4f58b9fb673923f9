import { CAMPAIGN_MESSAGE_KEYS } from "@sms/domain/contracts/campaigns";
import { type MessageTexts, useMessageText } from "~/components/form";

const TEXTS: MessageTexts = CAMPAIGN_MESSAGE_KEYS;

/** A zod message key of the send contracts as text in the page's language; server-worded text passes through. */
export function useSendMessageText(): (key: string | undefined) => string | undefined {
  return useMessageText(TEXTS);
}
