import type { SuppressionExportFormat } from "@sms/domain/contracts/suppressions";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "~/components/form";
import { isApiError } from "~/lib/api-client";
import { downloadFile } from "~/lib/authorized-files";
import { useLocale } from "~/lib/locale";

/** Downloads the whole list as CSV or XLSX (streamed by the server, saved by the browser). */
export function ExportButtons() {
  const { t } = useTranslation("suppressions");
  const locale = useLocale();
  const [busy, setBusy] = useState<SuppressionExportFormat | null>(null);
  const run = async (format: SuppressionExportFormat) => {
    setBusy(format);
    try {
      await downloadFile(`/c/suppressions/export?format=${format}`, locale, `suppressions.${format}`);
    } catch (error) {
      toast.error(isApiError(error) ? error.message : t("export.failed"));
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Button
        variant="light-secondary"
        onClick={() => void run("csv")}
        isLoading={busy === "csv"}
        disabled={busy === "xlsx"}
        data-testid="export-csv"
      >
        {t("export.csv")}
      </Button>
      <Button
        variant="light-secondary"
        onClick={() => void run("xlsx")}
        isLoading={busy === "xlsx"}
        disabled={busy === "csv"}
        data-testid="export-xlsx"
      >
        {t("export.xlsx")}
      </Button>
    </>
  );
}
