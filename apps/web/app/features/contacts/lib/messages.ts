import { ACCOUNT_MESSAGE_KEYS } from "@sms/domain/contracts/accounts";
import { CONTACT_MESSAGE_KEYS } from "@sms/domain/contracts/contacts";
import { VALIDATION_MESSAGE_KEYS } from "@sms/domain/rules/validation";
import { type MessageTexts, useMessageText } from "~/components/form";

const TEXTS: MessageTexts = { ...VALIDATION_MESSAGE_KEYS, ...ACCOUNT_MESSAGE_KEYS, ...CONTACT_MESSAGE_KEYS };

/** A zod message key of the contacts contracts as text in the page's language; server-worded text passes through. */
export function useContactMessage(): (key: string | undefined) => string | undefined {
  return useMessageText(TEXTS);
}
