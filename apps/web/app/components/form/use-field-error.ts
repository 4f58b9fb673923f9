import { ACCOUNT_MESSAGE_KEYS } from "@sms/domain/contracts/accounts";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";

/** Message keys of the zod contracts with their two texts (the domain's *_MESSAGE_KEYS). */
export type MessageTexts = Readonly<Record<string, { en: string; th: string } | undefined>>;

/**
 * Turns a zod message key into text in the page's language; anything else (a message the server
 * already worded) passes through. `texts` must be a module constant, so the function stays stable.
 */
export function useMessageText(texts: MessageTexts): (key: string | undefined) => string | undefined {
  const { i18n } = useTranslation();
  const lang = i18n.language === "en" ? "en" : "th";
  return useCallback(
    (key: string | undefined) => (key ? (texts[key]?.[lang] ?? key) : undefined),
    [texts, lang],
  );
}

/**
 * The accounts contracts' keys. Keys of the shared validation rules (VALIDATION_MESSAGE_KEYS) pass
 * through: the form kit translates those.
 */
export function useFieldError(): (key: string | undefined) => string | undefined {
  return useMessageText(ACCOUNT_MESSAGE_KEYS);
}
