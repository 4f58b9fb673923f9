import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { isApiError } from "~/lib/api-client";
import { fetchBlob, openBlob, saveBlob } from "~/lib/authorized-files";
import { useLocale } from "~/lib/locale";

interface FileButtonProps {
  /** Below /api/v1, e.g. `/c/files/<id>`. */
  path: string;
  label: string;
  /** Save under this name instead of opening it in a new tab. */
  saveAs?: string;
  testId?: string;
}

/** A link-looking button that fetches a protected file with the session's token, then opens or saves it. */
export function FileButton({ path, label, saveAs, testId }: FileButtonProps) {
  const { t } = useTranslation("orders");
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const blob = await fetchBlob(path, locale);
      if (saveAs) saveBlob(blob, saveAs);
      else openBlob(blob);
    } catch (e) {
      toast.error(isApiError(e) ? e.message : t("file.failed"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void run()}
      disabled={busy}
      aria-busy={busy || undefined}
      className="text-start whitespace-nowrap text-primary-700 underline hover:text-primary-800 focus-visible:outline-2 focus-visible:outline-primary-700 disabled:opacity-60"
      data-testid={testId}
    >
      {label}
    </button>
  );
}
