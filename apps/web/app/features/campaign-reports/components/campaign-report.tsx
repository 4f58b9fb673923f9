import {
  MESSAGE_REPORT_SORT,
  MESSAGE_STATUSES,
  MESSAGES_SORT,
  type TMessage,
} from "@sms/domain/contracts/campaigns";
import { MESSAGE_STATUS_LABELS, resolveDeliveryStatus } from "@sms/domain/rules/delivery-status";
import { formatDateTime, formatNumber } from "@sms/domain/rules/format";
import { STORED_STATUS_DISPLAY } from "@sms/domain/rules/message-status";
import { toLocalPhone } from "@sms/domain/rules/phone";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "~/components/form";
import { type DataTableColumn, ListTable } from "~/components/table";
import { useCurrentUser } from "~/features/account";
import { useCampaignRepliers } from "~/features/inbox";
import { ExportControls, useSeesAllSends } from "~/features/message-reports";
import { MessageStatusChip } from "~/features/messages";
import { isApiError } from "~/lib/api-client";
import { useLocale, useLocalizedPath } from "~/lib/locale";
import { useListParams } from "~/lib/use-list-params";
import {
  inFlight,
  useCampaign,
  useCampaignMessages,
  useCampaignRefund,
  useCampaignSummary,
} from "../api/campaign-report";
import { campaignMessagesKey, campaignRefundKey } from "../api/keys";
import { CampaignStatusBadge } from "./campaign-status-badge";
import { RefundCard } from "./refund-card";

type SortKey = (typeof MESSAGES_SORT.keys)[number];

function Card({
  label,
  value,
  testId,
  to,
  linkLabel,
}: {
  label: string;
  value: number | string;
  testId: string;
  /** The figure opens what it counts (with `linkLabel` for screen readers). */
  to?: string;
  linkLabel?: string;
}) {
  const shown = typeof value === "number" ? formatNumber(value) : value;
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-4">
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums text-gray-900" data-testid={testId}>
        {to ? (
          <Link
            to={to}
            aria-label={linkLabel}
            className="text-primary-700 underline decoration-1 underline-offset-4 hover:text-primary-800"
          >
            {shown}
          </Link>
        ) : (
          shown
        )}
      </dd>
    </div>
  );
}

/**
 * /reports/campaigns/{id} (spec §2, §4): one send's summary (recipients, credits, delivered, failed,
 * checking, in flight, the refund and its window; with tracked links, the clicks and the recipients
 * who clicked), and its messages with their status chips in the
 * spec colours, filtered by status. While messages are queued or sent everything is read again every
 * few seconds, announced politely to screen readers, and it stops once all have settled.
 */
export function CampaignReport({ id }: { id: number }) {
  const { t } = useTranslation("campaign-reports");
  const lp = useLocalizedPath();
  if (Number.isSafeInteger(id) && id > 0) return <CampaignReportOf id={id} />;
  // Not a campaign number (e.g. /reports/campaigns/abc): nothing to ask the API.
  return (
    <div className="space-y-4">
      <Link
        to={lp("/reports/campaigns")}
        className="text-sm text-primary-700 underline-offset-2 hover:underline"
      >
        {t("detail.back")}
      </Link>
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        {t("detail.notFound")}
      </p>
    </div>
  );
}

function CampaignReportOf({ id }: { id: number }) {
  const { t } = useTranslation("campaign-reports");
  const locale = useLocale();
  const lp = useLocalizedPath();
  const statusId = useId();
  const summary = useCampaignSummary(id);
  const flying = inFlight(summary.data);
  const live = flying > 0;
  const campaign = useCampaign(id, live);
  const refund = useCampaignRefund(id, live);
  const list = useListParams({ sort: MESSAGES_SORT, filters: ["status"], key: campaignMessagesKey(id) });
  const messages = useCampaignMessages(id, list.request, live);
  // The numbers that replied to this send, for those who read the inbox (reports.all, ADR 100).
  const { organizationId } = useCurrentUser();
  const seesAll = useSeesAllSends(organizationId).data === true;
  const repliers = useCampaignRepliers(id, seesAll);
  // Once the last message settles, the refund's failed credits are read once more.
  const client = useQueryClient();
  const wasLive = useRef(live);
  useEffect(() => {
    if (wasLive.current && !live) void client.invalidateQueries({ queryKey: campaignRefundKey(id) });
    wasLive.current = live;
  }, [live, client, id]);

  const back = (
    <Link
      to={lp("/reports/campaigns")}
      className="text-sm text-primary-700 underline-offset-2 hover:underline"
    >
      {t("detail.back")}
    </Link>
  );

  if (campaign.isError) {
    const missing = isApiError(campaign.error) && campaign.error.status === 404;
    return (
      <div className="space-y-4">
        {back}
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p>{missing ? t("detail.notFound") : t("detail.loadFailed")}</p>
          {missing ? null : (
            <Button className="mt-2" size="sm" variant="light-gray" onClick={() => void campaign.refetch()}>
              {t("detail.retry")}
            </Button>
          )}
        </div>
      </div>
    );
  }

  const c = campaign.data;
  const s = summary.data;
  const columns: DataTableColumn<TMessage, SortKey>[] = [
    {
      title: t("messages.recipient"),
      key: "recipient",
      class: "whitespace-nowrap tabular-nums",
      cell: (m) => <span data-testid="message-recipient">{toLocalPhone(m.recipient)}</span>,
    },
    {
      title: t("messages.status"),
      key: "status",
      class: "whitespace-nowrap",
      cell: (m) => {
        // Why a failed message failed, from the gateway's answer (D39).
        const entry = m.status === "failed" ? resolveDeliveryStatus(m.state, m.code) : null;
        return (
          <span className="flex flex-col items-start gap-1">
            <MessageStatusChip status={m.status} />
            {entry?.kind === "failed" ? (
              <span className="text-xs whitespace-normal text-red-800" data-testid="message-failure-reason">
                {entry.label[locale]}
              </span>
            ) : null}
          </span>
        );
      },
    },
    {
      title: t("messages.text"),
      key: "message",
      class: "min-w-48 max-w-md",
      cell: (m) => (
        <span className="line-clamp-3 break-words whitespace-pre-wrap" title={m.message}>
          {m.message}
        </span>
      ),
    },
    {
      title: t("messages.credits"),
      key: "credits",
      class: "text-end tabular-nums whitespace-nowrap",
      cell: (m) => formatNumber(m.credits),
    },
    // A send with tracked links: each recipient's counted clicks.
    ...(s?.tracks_links
      ? [
          {
            title: t("messages.clicks"),
            key: "clicks",
            class: "text-end tabular-nums whitespace-nowrap",
            cell: (m: TMessage) => <span data-testid="message-clicks">{formatNumber(m.clicks ?? 0)}</span>,
          },
        ]
      : []),
    {
      title: t("messages.doneAt"),
      key: "done_at",
      class: "whitespace-nowrap",
      cell: (m) => (m.done_at ? formatDateTime(new Date(m.done_at), locale) : "—"),
    },
  ];

  return (
    <div className="space-y-6">
      {back}
      <header className="space-y-2">
        <h1 className="text-2xl font-bold break-words text-gray-900" data-testid="campaign-name">
          {c ? c.name : t("detail.loading")}
        </h1>
        {c ? (
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-700">
            <span>{t(`kind.${c.kind}`)}</span>
            <span>{t("detail.sender", { sender: c.sender })}</span>
            <span>
              {t("detail.sentAt", { at: formatDateTime(new Date(c.sent_at ?? c.accepted_at), locale) })}
            </span>
            <CampaignStatusBadge status={c.status} />
          </p>
        ) : null}
      </header>

      <section aria-labelledby={`${statusId}-summary`} className="space-y-2">
        <h2 id={`${statusId}-summary`} className="text-lg font-semibold text-gray-900">
          {t("summary.title")}
        </h2>
        <p className="text-sm text-gray-600" aria-live="polite" data-testid="summary-live">
          {summary.isError
            ? t("summary.loadFailed")
            : live
              ? t("summary.live")
              : s
                ? t("summary.settled")
                : ""}
        </p>
        {s ? (
          <dl
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
            aria-live="polite"
            aria-atomic="false"
            data-testid="campaign-summary"
          >
            <Card label={t("summary.recipients")} value={s.recipients} testId="summary-recipients" />
            <Card label={t("summary.credits")} value={s.credits} testId="summary-credits" />
            <Card label={t("summary.delivered")} value={s.messages.delivered} testId="summary-delivered" />
            <Card
              label={t("summary.deliveryRate")}
              value={
                s.recipients > 0
                  ? `${new Intl.NumberFormat(locale === "th" ? "th-TH" : "en-GB", { maximumFractionDigits: 1 }).format((s.messages.delivered / s.recipients) * 100)}%`
                  : "—"
              }
              testId="summary-delivery-rate"
            />
            <Card label={t("summary.failed")} value={s.messages.failed} testId="summary-failed" />
            <Card label={t("summary.pending")} value={s.messages.pending} testId="summary-pending" />
            <Card label={t("summary.inFlight")} value={flying} testId="summary-in-flight" />
            {s.tracks_links ? (
              <>
                <Card label={t("summary.clicks")} value={s.clicks} testId="summary-clicks" />
                <Card
                  label={t("summary.clickedRecipients")}
                  value={s.clicked_recipients}
                  testId="summary-clicked-recipients"
                />
              </>
            ) : null}
            {seesAll && c && repliers.data !== undefined ? (
              <Card
                label={t("summary.repliers")}
                value={repliers.data}
                testId="summary-repliers"
                to={lp(`/inbox?${new URLSearchParams({ campaign_id: String(id), campaign: c.name })}`)}
                linkLabel={t("summary.repliersLink", { count: repliers.data, name: c.name })}
              />
            ) : null}
            {refund.data ? <RefundCard refund={refund.data} /> : null}
          </dl>
        ) : summary.isPending ? (
          <p className="text-sm text-gray-600">{t("detail.loading")}</p>
        ) : null}
      </section>

      <section aria-labelledby={`${statusId}-messages`} className="space-y-3">
        <h2 id={`${statusId}-messages`} className="text-lg font-semibold text-gray-900">
          {t("messages.title")}
        </h2>
        <div>
          <label htmlFor={statusId} className="mb-1 block text-sm font-medium text-gray-800">
            {t("messages.statusFilter")}
          </label>
          <select
            id={statusId}
            value={list.filters.status ?? ""}
            onChange={(event) => list.setFilters({ status: event.target.value })}
            className="min-h-11 w-full rounded-md border border-gray-300 bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-primary-700 sm:w-auto"
            data-testid="messages-status-filter"
          >
            <option value="">{t("messages.allStatuses")}</option>
            {MESSAGE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {MESSAGE_STATUS_LABELS[STORED_STATUS_DISPLAY[status]][locale]}
              </option>
            ))}
          </select>
        </div>
        {/* This send's messages as a file (review D39), with the status chosen above. */}
        <ExportControls
          filters={{ campaign_id: String(id), status: list.filters.status }}
          order={{ sort: MESSAGE_REPORT_SORT.default.key, reverse: MESSAGE_REPORT_SORT.default.reverse }}
          total={s?.recipients}
          fileName={`campaign-${id}`}
          startedText={t("export.started")}
          directText={t("export.direct")}
        />
        <ListTable
          caption={t("messages.caption")}
          hideCaption
          columns={columns}
          rowKey={(m) => m.id}
          emptyText={list.filters.status ? t("messages.emptyFiltered") : t("messages.empty")}
          page={messages.data}
          // The refresh while live must not dim the table every few seconds.
          query={{ ...messages, isFetching: messages.isPlaceholderData }}
          list={list}
        />
      </section>
    </div>
  );
}
