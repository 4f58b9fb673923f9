import { useState } from "react";
import { toast } from "sonner";
import { Button } from "~/components/form";
import { isApiError } from "~/lib/api-client";
import { downloadFile } from "~/lib/authorized-files";
import { useLocale } from "~/lib/locale";

type ExportFormat = "csv" | "xlsx";

export interface ExportButtonsProps {
  /** The API path of the export without its format, e.g. `/c/suppressions/export`. */
  path: string;
  /** The list's filter and order, as a query string without `?` (the format is added to it). */
  query?: string;
  /** The saved file's name without its extension. */
  fileName: string;
  labels: { csv: string; xlsx: string; failed: string };
}

/**
 * Downloads a whole list as CSV or XLSX (streamed by the server, saved by the browser). Quiet
 * (outlined) buttons: an export is never a page's main action (review D24).
 */
export function ExportButtons({ path, query, fileName, labels }: ExportButtonsProps) {
  const locale = useLocale();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await downloadFile(
        `${path}?${query ? `${query}&` : ""}format=${format}`,
        locale,
        `${fileName}.${format}`,
      );
    } catch (error) {
      toast.error(isApiError(error) ? error.message : labels.failed);
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Button
        variant="light-gray"
        onClick={() => void run("csv")}
        isLoading={busy === "csv"}
        disabled={busy === "xlsx"}
        data-testid="export-csv"
      >
        {labels.csv}
      </Button>
      <Button
        variant="light-gray"
        onClick={() => void run("xlsx")}
        isLoading={busy === "xlsx"}
        disabled={busy === "csv"}
        data-testid="export-xlsx"
      >
        {labels.xlsx}
      </Button>
    </>
  );
}
