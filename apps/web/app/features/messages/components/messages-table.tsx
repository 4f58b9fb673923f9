import {
  MESSAGES_DEFAULT_DAYS,
  MESSAGES_MAX_DAYS,
  MESSAGES_SORT,
  type TMessage,
} from "@sms/domain/contracts/campaigns";
import { formatDateTime, formatNumber } from "@sms/domain/rules/format";
import { messageDeliveryEntry } from "@sms/domain/rules/message-status";
import { toLocalPhone } from "@sms/domain/rules/phone";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type DataTableColumn, ListTable } from "~/components/table";
import { useLocale } from "~/lib/locale";
import { useListParams } from "~/lib/use-list-params";
import { MESSAGES_LIST_KEY } from "../api/keys";
import { isInFlight, useMessages } from "../api/list-messages";
import { MessageFilters } from "./message-filters";
import { MessageRefundButton, mayClaimRefund } from "./message-refund";
import { MessageStatusChip, statusLabel } from "./message-status-chip";

type SortKey = (typeof MESSAGES_SORT.keys)[number];
const FILTERS = ["start", "end", "phone", "status", "type"] as const;

/**
 * The organization's sent messages (spec §2 /messages, GET /c/messages): newest first over a period
 * (the last 7 days unless one is chosen, at most 31), searchable by phone, filtered by status and
 * type, with the filters and page in the URL. While a message on the page is queued or sent the list
 * is read again every few seconds, so its status turns delivered or failed on its own.
 */
export function MessagesTable() {
  const { t } = useTranslation("messages");
  const locale = useLocale();
  const list = useListParams({ sort: MESSAGES_SORT, filters: FILTERS, key: MESSAGES_LIST_KEY });
  const query = useMessages(list.request, list.queryKey);
  // Claimed here: the list does not say which messages were refunded, so the button goes at once.
  const [claimed, setClaimed] = useState<ReadonlySet<number>>(new Set());
  const now = new Date();

  const columns: DataTableColumn<TMessage, SortKey>[] = [
    {
      title: t("list.time"),
      key: "created_at",
      sort: true,
      reverse: true,
      class: "whitespace-nowrap",
      cell: (m) => formatDateTime(new Date(m.created_at), locale),
    },
    {
      title: t("list.recipient"),
      key: "recipient",
      card: "title",
      class: "whitespace-nowrap tabular-nums",
      cell: (m) => <span data-testid="message-recipient">{toLocalPhone(m.recipient)}</span>,
    },
    { title: t("list.sender"), key: "sender", class: "whitespace-nowrap", cell: (m) => m.sender },
    { title: t("list.type"), key: "type", class: "whitespace-nowrap", cell: (m) => t(`types.${m.type}`) },
    {
      title: t("list.text"),
      key: "message",
      class: "min-w-56 max-w-md",
      cell: (m) => (
        <span className="line-clamp-3 break-words whitespace-pre-wrap" title={m.message}>
          {m.message}
        </span>
      ),
    },
    {
      title: t("list.partsCredits"),
      key: "credits",
      class: "text-end tabular-nums whitespace-nowrap",
      cell: (m) => `${formatNumber(m.billed_parts)} / ${formatNumber(m.credits)}`,
    },
    {
      title: t("list.status"),
      key: "status",
      class: "min-w-36",
      cell: (m) => {
        const entry = messageDeliveryEntry(m.state, m.code);
        // A failure says why (spec §4 catalogue), as a second line under the chip.
        const reason = m.status === "failed" ? entry.label[locale] : null;
        return (
          <div className="flex flex-col items-start gap-1">
            <MessageStatusChip status={m.status} />
            {reason && reason !== statusLabel(m.status, locale) ? (
              <span className="text-xs text-gray-600" data-testid="message-failure">
                {reason}
              </span>
            ) : null}
          </div>
        );
      },
    },
    {
      title: t("list.refund"),
      key: "refund",
      card: "actions",
      class: "whitespace-nowrap",
      cell: (m) =>
        claimed.has(m.id) ? (
          <span className="text-xs text-gray-600">{t("refund.claimed")}</span>
        ) : mayClaimRefund(m, now) ? (
          <MessageRefundButton message={m} onClaimed={() => setClaimed((ids) => new Set(ids).add(m.id))} />
        ) : null,
    },
  ];

  const data = query.data;
  const live = data?.entities.some(isInFlight) ?? false;
  return (
    <div className="space-y-4">
      <MessageFilters values={list.filters} setFilters={list.setFilters} />
      <p className="text-sm text-gray-600" data-testid="messages-period">
        {list.filters.start
          ? t("list.periodChosen", { max: MESSAGES_MAX_DAYS })
          : t("list.periodDefault", { days: MESSAGES_DEFAULT_DAYS, max: MESSAGES_MAX_DAYS })}
        {live ? <span className="ms-1">{t("list.live")}</span> : null}
      </p>
      <ListTable
        caption={t("list.caption")}
        hideCaption
        columns={columns}
        rowKey={(m) => m.id}
        emptyText={
          Object.keys(list.filters).length > 0
            ? t("list.emptyFiltered")
            : t("list.empty", { days: MESSAGES_DEFAULT_DAYS })
        }
        page={data}
        // The refresh while messages are in flight must not dim the table every few seconds: only a
        // new view (another page or filter, showing the previous one meanwhile) does.
        query={{ ...query, isFetching: query.isPlaceholderData }}
        list={list}
      />
    </div>
  );
}
