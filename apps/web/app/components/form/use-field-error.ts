import { ACCOUNT_MESSAGE_KEYS } from "@sms/domain/contracts/accounts";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";

type Texts = Record<string, { en: string; th: string } | undefined>;

/**
 * Turns a zod message key of the accounts contracts into text in the page's language. Keys of the
 * shared validation rules (VALIDATION_MESSAGE_KEYS) pass through: the form kit translates those.
 */
export function useFieldError(): (key: string | undefined) => string | undefined {
  const { i18n } = useTranslation();
  const lang = i18n.language === "en" ? "en" : "th";
  return useCallback(
    (key: string | undefined) => (key ? ((ACCOUNT_MESSAGE_KEYS as Texts)[key]?.[lang] ?? key) : undefined),
    [lang],
  );
}
