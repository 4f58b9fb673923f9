import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { dataKey } from "~/lib/i18n";

/**
 * Turns a zod message key (the `domain` namespace, packages/domain/locales) into text in the page's
 * language; anything else (a message the server already worded) passes through.
 */
export function useMessageText(): (key: string | undefined) => string | undefined {
  const { t, i18n } = useTranslation("domain");
  return useCallback(
    (key: string | undefined) => {
      if (!key) return undefined;
      return i18n.exists(key, { ns: "domain" }) ? t(dataKey<"domain">(key)) : key;
    },
    // react-i18next gives a new t when the language changes, so a switch gives a new function.
    [t, i18n],
  );
}
