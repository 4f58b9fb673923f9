import { LOCALES } from "@sms/domain/routes";
import { useCallback, useEffect, useRef } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { isApiError } from "~/lib/api-client";
import { dataKey, i18next } from "~/lib/i18n";

/**
 * The domain key (a zod contract's message) whose text, in a language the page has loaded, the
 * server sent, so the field can re-translate it. A text that names a catalogue variable is compared
 * as rendered.
 */
export function sharedKeyOf(text: string): string | undefined {
  for (const lang of LOCALES) {
    if (!i18next.hasResourceBundle(lang, "domain")) continue;
    const texts = i18next.getResourceBundle(lang, "domain") as Record<string, string>;
    const t = i18next.getFixedT(lang, "domain");
    for (const [key, value] of Object.entries(texts))
      if (value === text || (value.includes("{{") && t(dataKey<"domain">(key)) === text)) return key;
  }
  return undefined;
}

/**
 * Puts an API error on the form: field details on their fields, anything else as the form's
 * message. Returns the text to show above the form (the server's translated message, or the
 * generic one), or null when every problem landed on a field.
 *
 * A field message the web also knows is stored as its key, so it follows a language change; one
 * only the server can word is cleared when the language changes rather than left in the old one.
 */
export function useServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): (error: unknown) => string | null {
  const { t, i18n } = useTranslation("common");
  const language = i18n.language;
  const worded = useRef<{ language: string; paths: Path<T>[] }>({ language, paths: [] });

  useEffect(() => {
    if (worded.current.language === language) return;
    // A message-less error keeps the field's state but shows nothing; the next check replaces it.
    for (const path of worded.current.paths) setError(path, { type: "server" });
    worded.current = { language, paths: [] };
  }, [language, setError]);

  return useCallback(
    (error: unknown) => {
      if (!isApiError(error)) return t("error.general");
      if (error.signedOut) return null;
      const placed = error.details.filter((d) => (fields as readonly string[]).includes(d.path));
      const serverWorded: Path<T>[] = [];
      for (const detail of placed) {
        const path = detail.path as Path<T>;
        const key = sharedKeyOf(detail.message);
        if (!key) serverWorded.push(path);
        setError(path, { type: "server", message: key ?? detail.message });
      }
      worded.current = { language, paths: serverWorded };
      if (placed.length > 0 && placed.length === error.details.length) return null;
      return error.message;
    },
    [fields, setError, t, language],
  );
}
