import { TEMPLATE_MESSAGE_KEYS } from "@sms/domain/contracts/templates";
import { type MessageTexts, useMessageText } from "~/components/form";

const TEXTS: MessageTexts = TEMPLATE_MESSAGE_KEYS;

/** A zod message key of the template contracts as text in the page's language; server-worded text passes through. */
export function useTemplateMessage(): (key: string | undefined) => string | undefined {
  return useMessageText(TEXTS);
}
