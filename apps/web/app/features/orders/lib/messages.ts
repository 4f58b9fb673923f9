import { ACCOUNT_MESSAGE_KEYS } from "@sms/domain/contracts/accounts";
import { ORDER_MESSAGE_KEYS } from "@sms/domain/contracts/orders";
import { VALIDATION_MESSAGE_KEYS } from "@sms/domain/rules/validation";
import { type MessageTexts, useMessageText } from "~/components/form";

const TEXTS: MessageTexts = { ...VALIDATION_MESSAGE_KEYS, ...ACCOUNT_MESSAGE_KEYS, ...ORDER_MESSAGE_KEYS };

/** A zod message key of the order contracts as text in the page's language; server-worded text passes through. */
export function useOrderMessage(): (key: string | undefined) => string | undefined {
  return useMessageText(TEXTS);
}
