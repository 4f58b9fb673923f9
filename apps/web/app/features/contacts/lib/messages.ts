import { ACCOUNT_MESSAGE_KEYS } from "@sms/domain/contracts/accounts";
import { CONTACT_MESSAGE_KEYS } from "@sms/domain/contracts/contacts";
import { VALIDATION_MESSAGE_KEYS } from "@sms/domain/rules/validation";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";

type Texts = Record<string, { en: string; th: string } | undefined>;
const TEXTS: Texts = { ...VALIDATION_MESSAGE_KEYS, ...ACCOUNT_MESSAGE_KEYS, ...CONTACT_MESSAGE_KEYS };

/** A zod message key of the contacts contracts as text in the page's language; server-worded text passes through. */
export function useContactMessage(): (key: string | undefined) => string | undefined {
  const { i18n } = useTranslation();
  const lang = i18n.language === "en" ? "en" : "th";
  return useCallback((key: string | undefined) => (key ? (TEXTS[key]?.[lang] ?? key) : undefined), [lang]);
}
