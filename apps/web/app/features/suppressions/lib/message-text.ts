import { SUPPRESSION_MESSAGE_KEYS } from "@sms/domain/contracts/suppressions";
import { VALIDATION_MESSAGE_KEYS } from "@sms/domain/rules/validation";
import { type MessageTexts, useMessageText } from "~/components/form";

const TEXTS: MessageTexts = { ...VALIDATION_MESSAGE_KEYS, ...SUPPRESSION_MESSAGE_KEYS };

/** A zod message key of the suppression contracts as text in the page's language; server-worded text passes through. */
export function useSuppressionMessage(): (key: string | undefined) => string | undefined {
  return useMessageText(TEXTS);
}
