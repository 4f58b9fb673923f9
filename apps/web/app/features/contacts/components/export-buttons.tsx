import type { ContactExportFormat } from "@sms/domain/contracts/contacts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "~/components/form";
import { isApiError } from "~/lib/api-client";
import { downloadFile } from "~/lib/authorized-files";
import { useLocale } from "~/lib/locale";

/** Downloads the whole group as CSV or XLSX (streamed by the server, saved by the browser). */
export function ExportButtons({ groupId }: { groupId: number }) {
  const { t } = useTranslation("contacts");
  const locale = useLocale();
  const [busy, setBusy] = useState<ContactExportFormat | null>(null);
  const run = async (format: ContactExportFormat) => {
    setBusy(format);
    try {
      await downloadFile(
        `/c/contact-groups/${groupId}/export?format=${format}`,
        locale,
        `contacts.${format}`,
      );
    } catch (error) {
      toast.error(isApiError(error) ? error.message : t("contacts.exportFailed"));
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
        {t("contacts.exportCsv")}
      </Button>
      <Button
        variant="light-secondary"
        onClick={() => void run("xlsx")}
        isLoading={busy === "xlsx"}
        disabled={busy === "csv"}
        data-testid="export-xlsx"
      >
        {t("contacts.exportXlsx")}
      </Button>
    </>
  );
}
