import { API_KEY_MESSAGE_KEYS } from "@sms/domain/contracts/api-keys";
import { type MessageTexts, useMessageText } from "~/components/form";

const TEXTS: MessageTexts = API_KEY_MESSAGE_KEYS;

/** A zod message key of the API key contracts as text in the page's language; server-worded text passes through. */
export function useApiKeysMessage(): (key: string | undefined) => string | undefined {
  return useMessageText(TEXTS);
}
