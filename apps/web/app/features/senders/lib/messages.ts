import { ACCOUNT_MESSAGE_KEYS } from "@sms/domain/contracts/accounts";
import { SENDER_MESSAGE_KEYS } from "@sms/domain/contracts/senders";
import { VALIDATION_MESSAGE_KEYS } from "@sms/domain/rules/validation";
import { type MessageTexts, useMessageText } from "~/components/form";

const TEXTS: MessageTexts = { ...VALIDATION_MESSAGE_KEYS, ...ACCOUNT_MESSAGE_KEYS, ...SENDER_MESSAGE_KEYS };

/** A zod message key of the sender contracts as text in the page's language; server-worded text passes through. */
export function useSenderMessage(): (key: string | undefined) => string | undefined {
  return useMessageText(TEXTS);
}
