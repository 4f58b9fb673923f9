import { INBOX_CONVERSATIONS_SORT, type TInboxConversation } from "@sms/domain/contracts/inbox";
import { formatDateTime, formatNumber } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClassName } from "~/components/form";
import { type DataTableColumn, ListTable, SearchBox } from "~/components/table";
import { useLocale, useLocalizedPath } from "~/lib/locale";
import { useListParams } from "~/lib/use-list-params";
import { conversationsListKey } from "../api/keys";
import { useConversations } from "../api/list-conversations";

type SortKey = (typeof INBOX_CONVERSATIONS_SORT.keys)[number];

const linkClass =
  "rounded font-medium text-primary-700 underline hover:text-primary-800 focus-visible:outline-2 focus-visible:outline-primary-600";

const positiveId = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : undefined);

/**
 * The inbox (issue 27 point 4): one row per number that replied, newest reply first, with its
 * latest reply and the send it answers. Search by number; a send's name filters the list to the
 * replies to that send (both kept in the URL, so a link or the back button shows the same view).
 */
export function ConversationsList() {
  const { t } = useTranslation("inbox");
  const locale = useLocale();
  const lp = useLocalizedPath();
  const list = useListParams({
    sort: INBOX_CONVERSATIONS_SORT,
    filters: ["search", "campaign_id", "campaign"],
    key: conversationsListKey,
  });
  const campaignId = positiveId(list.filters.campaign_id);
  const query = useConversations(
    {
      page: list.request.page,
      size: list.request.size,
      sort: list.request.sort,
      reverse: list.request.reverse,
      ...(list.filters.search ? { phone_number: list.filters.search } : {}),
      ...(campaignId ? { campaign_id: campaignId } : {}),
    },
    list.queryKey,
  );
  const filtered = Boolean(list.filters.search || campaignId);
  const conversationPath = (row: TInboxConversation) =>
    lp(`/inbox/${row.phone_number}${campaignId ? `?campaign_id=${campaignId}` : ""}`);

  const columns: DataTableColumn<TInboxConversation, SortKey>[] = [
    {
      title: t("table.phone"),
      key: "phone_number",
      card: "title",
      class: "whitespace-nowrap tabular-nums",
      cell: (row) => (
        <Link
          to={conversationPath(row)}
          className={linkClass}
          aria-label={t("table.open", { phone: row.phone_number })}
          data-testid="open-conversation"
        >
          {row.phone_number}
        </Link>
      ),
    },
    {
      title: t("table.lastReply"),
      key: "last_text",
      class: "min-w-48",
      cell: (row) => (
        <span className="line-clamp-2 break-words text-gray-900">
          {row.last_text}
          {row.stopped ? (
            <span className="ms-2 inline-block rounded bg-red-50 px-1.5 text-xs font-medium text-red-800">
              {t("table.stopped")}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      title: t("table.replies"),
      key: "replies",
      class: "whitespace-nowrap tabular-nums",
      cell: (row) => formatNumber(row.replies),
    },
    {
      title: t("table.campaign"),
      key: "campaign_name",
      class: "min-w-32",
      cell: (row) =>
        row.campaign_id !== null && row.campaign_name !== null ? (
          <button
            type="button"
            className={`${linkClass} text-start break-words`}
            aria-label={t("table.filterCampaign", { name: row.campaign_name })}
            onClick={() =>
              list.setFilters({ campaign_id: String(row.campaign_id), campaign: row.campaign_name ?? "" })
            }
          >
            {row.campaign_name}
          </button>
        ) : (
          "–"
        ),
    },
    {
      title: t("table.received"),
      key: "last_received_at",
      sort: true,
      reverse: true,
      class: "whitespace-nowrap",
      cell: (row) => formatDateTime(new Date(row.last_received_at), locale),
    },
  ];

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-2">
        <Link to={lp("/inbox/rules")} className={buttonClassName({ variant: "light-secondary" })}>
          {t("rulesLink")}
        </Link>
      </div>
      <SearchBox
        label={t("filters.search")}
        value={list.filters.search ?? ""}
        onSearch={(search) => list.setFilters({ search })}
        submitLabel={t("filters.submit")}
        clearLabel={t("filters.clear")}
        canClear={filtered}
        onClear={() => list.setFilters({ search: "", campaign_id: "", campaign: "" })}
        inputClassName="w-full sm:max-w-xs"
        testId="inbox-search"
      />
      {campaignId ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-gray-800" data-testid="campaign-filter">
          <span className="rounded bg-amber-50 px-2 py-1 font-medium text-amber-900">
            {t("filters.campaign", { name: list.filters.campaign || `#${campaignId}` })}
          </span>
          <button
            type="button"
            className={`${linkClass} min-h-11 px-1`}
            onClick={() => list.setFilters({ campaign_id: "", campaign: "" })}
          >
            {t("filters.clearCampaign")}
          </button>
        </p>
      ) : null}
      <ListTable
        caption={t("table.caption")}
        hideCaption
        columns={columns}
        rowKey={(row) => row.phone_number}
        emptyText={filtered ? t("table.emptySearch") : t("table.empty")}
        page={query.data}
        query={query}
        list={list}
      />
    </div>
  );
}
