import { MESSAGE_EXPORT_JOB_THRESHOLD, type TMessageExport } from "@sms/domain/contracts/message-exports";
import { formatDateTime, formatFileSize, formatNumber } from "@sms/domain/rules/format";
import type { TFunction } from "i18next";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "~/components/form";
import { isApiError } from "~/lib/api-client";
import { downloadFile } from "~/lib/authorized-files";
import { useLocale } from "~/lib/locale";
import { unfinished, useRecentExports } from "../api/exports";

/**
 * The caller's background exports not yet expired (GET /c/message-exports), so a reload or another
 * tab still finds a file being prepared: its progress while it is written (read again every second,
 * and no more once nothing is pending), its download once done, and a failure in words.
 */
export function RecentExports() {
  const { t } = useTranslation("message-reports");
  const headingId = useId();
  const query = useRecentExports();
  const exports = query.data?.entities;
  const pending = exports?.filter(unfinished).length ?? 0;
  // "All finished" is worth announcing only after something was pending while the page was open.
  const [sawPending, setSawPending] = useState(false);
  useEffect(() => {
    if (pending > 0) setSawPending(true);
  }, [pending]);
  const status =
    pending > 0 ? t("recent.preparing", { files: pending }) : sawPending ? t("recent.settled") : "";

  let body: React.ReactNode;
  if (query.isPending) body = <p className="text-sm text-gray-600">{t("recent.loading")}</p>;
  else if (query.isError) body = <p className="text-sm text-red-700">{t("recent.loadFailed")}</p>;
  else if (!exports || exports.length === 0)
    body = (
      <p className="text-sm text-gray-600" data-testid="recent-exports-empty">
        {t("recent.empty", { threshold: formatNumber(MESSAGE_EXPORT_JOB_THRESHOLD) })}
      </p>
    );
  else
    body = (
      <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
        {exports.map((value) => (
          <ExportItem key={value.id} value={value} />
        ))}
      </ul>
    );

  const total = query.data?.page_information.total_item ?? 0;
  return (
    <section
      aria-labelledby={headingId}
      aria-busy={query.isPending}
      className="space-y-2"
      data-testid="recent-exports"
    >
      <h2 id={headingId} className="text-lg font-semibold text-gray-900">
        {t("recent.title")}
      </h2>
      <p className="text-sm text-gray-600">{t("recent.intro")}</p>
      <p role="status" className="text-sm text-gray-700" data-testid="recent-exports-status">
        {status}
      </p>
      {body}
      {exports && total > exports.length ? (
        <p className="text-xs text-gray-600">{t("recent.more", { shown: exports.length, total })}</p>
      ) : null}
    </section>
  );
}

function ExportItem({ value }: { value: TMessageExport }) {
  const { t } = useTranslation("message-reports");
  const locale = useLocale();
  const titleId = useId();
  const download = async () => {
    try {
      await downloadFile(`/c/message-exports/${value.id}/file`, locale, value.file_name);
    } catch (error) {
      toast.error(isApiError(error) ? error.message : t("export.failed"));
    }
  };
  const rows = value.status === "done" ? value.rows_written : value.total_rows;
  return (
    <li
      className="space-y-2 p-3"
      aria-labelledby={titleId}
      data-testid="recent-export"
      data-status={value.status}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={titleId} className="min-w-0 text-sm font-medium break-all text-gray-900">
          {t(`recent.format.${value.format}`)} · {formatDateTime(new Date(value.created_at), locale)}
        </h3>
        <span className="text-sm text-gray-700" data-testid="recent-export-status">
          {statusText(value, t)}
        </span>
      </div>
      <p className="text-sm text-gray-600">
        {value.status === "done"
          ? t("recent.rowsAndSize", {
              rows: formatNumber(rows),
              size: formatFileSize(value.size_bytes ?? 0, locale),
            })
          : t("recent.rows", { rows: formatNumber(rows) })}
      </p>
      {unfinished(value) ? (
        <div
          className="h-2 w-full overflow-hidden rounded-full bg-gray-200"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={value.progress}
          aria-valuetext={t("recent.progressText", {
            written: formatNumber(value.rows_written),
            total: formatNumber(value.total_rows),
          })}
          aria-label={t("recent.progressLabel")}
          aria-describedby={titleId}
        >
          <div className="h-full bg-primary-600 transition-all" style={{ width: `${value.progress}%` }} />
        </div>
      ) : null}
      {value.status === "done" ? (
        <Button
          onClick={() => void download()}
          data-testid="recent-export-download"
          aria-describedby={titleId}
        >
          {t("recent.download")}
        </Button>
      ) : null}
      {value.status === "failed" ? (
        <p className="text-sm text-red-700">{value.error ?? t("recent.failed")}</p>
      ) : null}
    </li>
  );
}

function statusText(value: TMessageExport, t: TFunction<"message-reports">): string {
  if (value.status === "running") return t("recent.status.running", { progress: value.progress });
  return t(`recent.status.${value.status}`);
}
