import {
  MESSAGE_STATUSES,
  MESSAGES_DEFAULT_DAYS,
  MESSAGES_MAX_DAYS,
  MESSAGES_SORT,
  type TMessage,
} from "@sms/domain/contracts/campaigns";
import { formatDateTime, formatNumber } from "@sms/domain/rules/format";
import { messageDeliveryEntry } from "@sms/domain/rules/message-status";
import { toLocalPhone } from "@sms/domain/rules/phone";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { spokenName } from "~/components/form";
import { type DataTableColumn, ListTable } from "~/components/table";
import { MessageStatusChip } from "~/features/messages";
import { useLocale, useLocalizedPath } from "~/lib/locale";
import { useListParams } from "~/lib/use-list-params";
import { apiMessagesListKey } from "../api/keys";
import { isInFlight, useApiMessages } from "../api/list-api-messages";
import { messageStatusLabel, scheduledAhead } from "../lib/status";
import { PERIOD_FILTERS, PeriodFilters } from "./period-filters";

type SortKey = (typeof MESSAGES_SORT.keys)[number];

/**
 * /reports/sms-api and /reports/sms-otp (spec §2): the messages sent through the public API
 * (GET /c/messages?type=api) or as one-time codes (type=otp), newest first over a period (the last
 * 7 days unless one is chosen, at most 31), by phone and status, with the filters and page in the
 * URL. An API message opens its detail with its delivery webhooks; an OTP's text is not shown (it
 * holds the code).
 */
export function ApiMessagesTable({ type }: { type: "api" | "otp" }) {
  const { t } = useTranslation("api-reports");
  const locale = useLocale();
  const lp = useLocalizedPath();
  const list = useListParams({ sort: MESSAGES_SORT, filters: PERIOD_FILTERS, key: apiMessagesListKey(type) });
  const query = useApiMessages(type, list.request, list.queryKey);

  const columns: DataTableColumn<TMessage, SortKey>[] = [
    {
      title: t("messages.time"),
      key: "created_at",
      sort: true,
      reverse: true,
      class: "whitespace-nowrap",
      cell: (m) => formatDateTime(new Date(m.created_at), locale),
    },
    {
      title: t("messages.recipient"),
      key: "recipient",
      card: "title",
      class: "whitespace-nowrap tabular-nums",
      cell: (m) => <span data-testid="message-recipient">{toLocalPhone(m.recipient)}</span>,
    },
    { title: t("messages.sender"), key: "sender", class: "whitespace-nowrap", cell: (m) => m.sender },
    ...(type === "api"
      ? [
          {
            title: t("messages.text"),
            key: "message",
            class: "min-w-56 max-w-md",
            cell: (m: TMessage) => (
              <span className="line-clamp-3 break-words whitespace-pre-wrap" title={m.message}>
                {m.message}
              </span>
            ),
          },
        ]
      : []),
    {
      title: t("messages.partsCredits"),
      key: "credits",
      class: "text-end tabular-nums whitespace-nowrap",
      cell: (m) => `${formatNumber(m.billed_parts)} / ${formatNumber(m.credits)}`,
    },
    {
      title: t("messages.status"),
      key: "status",
      class: "min-w-36",
      cell: (m) => {
        const reason = m.status === "failed" ? messageDeliveryEntry(m.state, m.code).label[locale] : null;
        const scheduled = scheduledAhead(m);
        return (
          <div className="flex flex-col items-start gap-1">
            <MessageStatusChip status={m.status} />
            {reason && reason !== messageStatusLabel(m.status, locale) ? (
              <span className="text-xs text-gray-600" data-testid="message-failure">
                {reason}
              </span>
            ) : null}
            {scheduled ? (
              <span className="text-xs text-gray-600" data-testid="message-scheduled">
                {t("messages.scheduledFor", { when: formatDateTime(scheduled, locale) })}
              </span>
            ) : null}
          </div>
        );
      },
    },
    ...(type === "api"
      ? [
          {
            title: t("messages.details"),
            key: "details",
            card: "actions" as const,
            class: "whitespace-nowrap",
            cell: (m: TMessage) => (
              <Link
                to={lp(`/reports/sms-api/${m.id}`)}
                className="font-medium text-primary-700 underline-offset-2 hover:underline"
                aria-label={spokenName(
                  t("messages.view"),
                  t("messages.detailsLabel", { phone: toLocalPhone(m.recipient) }),
                )}
                data-testid="message-details"
              >
                {t("messages.view")}
              </Link>
            ),
          },
        ]
      : []),
  ];

  const data = query.data;
  const live = data?.entities.some(isInFlight) ?? false;
  return (
    <div className="space-y-4">
      <PeriodFilters
        list={list}
        maxDays={MESSAGES_MAX_DAYS}
        defaultDays={MESSAGES_DEFAULT_DAYS}
        statuses={MESSAGE_STATUSES.map((status) => ({
          value: status,
          label: messageStatusLabel(status, locale),
        }))}
        live={live}
      />
      <ListTable
        caption={t(`${type === "api" ? "sms-api" : "sms-otp"}.caption`)}
        hideCaption
        columns={columns}
        rowKey={(m) => m.id}
        emptyText={
          Object.keys(list.filters).length > 0
            ? t("messages.emptyFiltered")
            : t(`${type === "api" ? "sms-api" : "sms-otp"}.empty`, { days: MESSAGES_DEFAULT_DAYS })
        }
        page={data}
        query={{ ...query, isFetching: query.isPlaceholderData }}
        list={list}
      />
    </div>
  );
}
