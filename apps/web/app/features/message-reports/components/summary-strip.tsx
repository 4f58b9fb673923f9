import type { TMessagesSummary } from "@sms/domain/contracts/campaigns";
import { MESSAGE_STATUSES } from "@sms/domain/contracts/campaigns";
import { formatNumber } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { MessageStatusChip } from "~/features/messages";

/** The totals of the current filter (GET /c/messages/summary): messages, credits and each status. */
export function SummaryStrip({ summary }: { summary: TMessagesSummary | undefined }) {
  const { t } = useTranslation("message-reports");
  return (
    <dl
      className="grid grid-cols-2 gap-3 sm:grid-cols-4 2xl:grid-cols-7"
      aria-busy={summary === undefined}
      data-testid="report-summary"
    >
      <div className="rounded-lg border border-gray-200 bg-white p-3">
        <dt className="text-xs text-gray-600">{t("summary.total")}</dt>
        <dd className="text-xl font-semibold tabular-nums text-gray-900" data-testid="summary-total">
          {summary ? formatNumber(summary.total) : "–"}
        </dd>
      </div>
      <div className="rounded-lg border border-gray-200 bg-white p-3">
        <dt className="text-xs text-gray-600">{t("summary.credits")}</dt>
        <dd className="text-xl font-semibold tabular-nums text-gray-900" data-testid="summary-credits">
          {summary ? formatNumber(summary.credits) : "–"}
        </dd>
      </div>
      {MESSAGE_STATUSES.map((status) => (
        <div
          key={status}
          className="min-w-0 rounded-lg border border-gray-200 bg-white p-3 [&_span]:whitespace-normal"
        >
          <dt>
            <MessageStatusChip status={status} />
          </dt>
          <dd
            className="mt-1 text-lg font-semibold tabular-nums text-gray-900"
            data-testid={`summary-${status}`}
          >
            {summary ? formatNumber(summary.messages[status]) : "–"}
          </dd>
        </div>
      ))}
    </dl>
  );
}
