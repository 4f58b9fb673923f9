import { useCallback } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { isApiError } from "~/lib/api-client";

/**
 * Puts an API error on the form: field details on their fields, anything else as the form's
 * message. Returns the text to show above the form (the server's translated message, or the
 * generic one), or null when every problem landed on a field.
 */
export function useServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): (error: unknown) => string | null {
  const { t } = useTranslation("common");
  return useCallback(
    (error: unknown) => {
      if (!isApiError(error)) return t("error.general");
      if (error.signedOut) return null;
      const placed = error.details.filter((d) => (fields as readonly string[]).includes(d.path));
      for (const detail of placed)
        setError(detail.path as Path<T>, { type: "server", message: detail.message });
      if (placed.length > 0 && placed.length === error.details.length) return null;
      return error.message;
    },
    [fields, setError, t],
  );
}
