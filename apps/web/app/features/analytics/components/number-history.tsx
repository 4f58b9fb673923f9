import type { TMessage } from "@sms/domain/contracts/campaigns";
import { messageTypeLabel } from "@sms/domain/contracts/message-exports";
import { resolveDeliveryStatus } from "@sms/domain/rules/delivery-status";
import { formatDate, formatDateTime } from "@sms/domain/rules/format";
import { toLocalPhone } from "@sms/domain/rules/phone";
import { ZReportPhone } from "@sms/domain/rules/report-filters";
import { type FormEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Button, TextInput } from "~/components/form";
import { DataTable, type DataTableColumn } from "~/components/table";
import { MessageStatusChip } from "~/features/messages";
import { useLocale } from "~/lib/locale";
import { useNumberHistory } from "../api/delivery";

/**
 * A number's history (issue 27 point 2, ADR 95): every message the organization sent to one number,
 * newest first, across months. The server reads a bounded window of partitions per page; "Older
 * messages" asks for the next one. The number is in the URL (`phone`), in any typed form.
 */
export function NumberHistory() {
  const { t } = useTranslation("analytics");
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const phone = params.get("phone") ?? undefined;
  const [draft, setDraft] = useState(phone ?? "");
  const [error, setError] = useState<string | undefined>();
  const history = useNumberHistory(phone);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim()) {
      setError("validation.phone_invalid");
      return;
    }
    const parsed = ZReportPhone.safeParse(draft);
    if (!parsed.success) {
      setError("validation.phone_invalid");
      return;
    }
    setError(undefined);
    const next = new URLSearchParams(params);
    next.set("phone", draft.trim());
    setParams(next, { replace: false });
  };

  const columns = useMemo<DataTableColumn<TMessage, string>[]>(
    () => [
      {
        title: t("history.columns.created_at"),
        key: "created_at",
        card: "title",
        class: "whitespace-nowrap",
        cell: (m) => formatDateTime(new Date(m.created_at), locale),
      },
      { title: t("history.columns.sender"), key: "sender", class: "whitespace-nowrap" },
      {
        title: t("history.columns.type"),
        key: "type",
        class: "whitespace-nowrap",
        cell: (m) => messageTypeLabel(m.type, locale),
      },
      {
        title: t("history.columns.message"),
        key: "message",
        class: "min-w-56 max-w-md",
        cell: (m) => <span className="line-clamp-3 break-words whitespace-pre-wrap">{m.message}</span>,
      },
      {
        title: t("history.columns.status"),
        key: "status",
        class: "whitespace-nowrap",
        cell: (m) => <MessageStatusChip status={m.status} />,
      },
      {
        title: t("history.columns.result"),
        key: "result",
        cell: (m) =>
          m.status === "failed"
            ? `${resolveDeliveryStatus(m.state, m.code).label[locale]} (${m.state}/${m.code ?? ""})`
            : "—",
      },
    ],
    [t, locale],
  );

  const pages = history.data?.pages ?? [];
  const rows = pages.flatMap((page) => page.entities);
  const last = pages.at(-1);
  return (
    <section
      className="space-y-4 rounded-lg border border-gray-200 bg-white p-4"
      data-testid="number-history"
    >
      <h2 className="text-lg font-semibold text-gray-900">{t("history.title")}</h2>
      <p className="text-sm text-gray-600">{t("history.intro")}</p>
      <form className="flex flex-wrap items-end gap-3" onSubmit={submit} aria-label={t("history.title")}>
        <TextInput
          type="tel"
          label={t("history.phone")}
          value={draft}
          onChange={setDraft}
          error={error}
          className="w-full max-w-xs"
        />
        <Button type="submit">{t("history.search")}</Button>
      </form>
      {phone ? (
        <>
          {history.data ? (
            <p className="text-sm text-gray-700" data-testid="history-for">
              {t("history.for", { phone: toLocalPhone(history.data.pages[0]?.phone ?? "") })}
            </p>
          ) : null}
          <DataTable
            caption={t("history.title")}
            hideCaption
            columns={columns}
            rows={history.isPending ? undefined : rows}
            rowKey={(m) => m.id}
            isLoading={history.isPending}
            isFetching={history.isFetchingNextPage}
            error={history.error}
            onRetry={() => void history.refetch()}
            emptyText={t("history.empty")}
          />
          {last ? (
            <div className="flex flex-wrap items-center gap-3">
              <p className="text-sm text-gray-600" data-testid="history-searched">
                {last.next
                  ? t("history.searchedTo", { date: formatDate(new Date(last.searched_from), locale) })
                  : t("history.searchedAll", { date: formatDate(new Date(last.searched_from), locale) })}
              </p>
              {last.next ? (
                <Button
                  variant="light-gray"
                  size="sm"
                  onClick={() => void history.fetchNextPage()}
                  disabled={history.isFetchingNextPage}
                >
                  {t("history.older")}
                </Button>
              ) : null}
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
