import type { TUpdateContactSubmissionRequest } from "@sms/domain/contracts/admin";
import { CONTACT_SUBMISSION_STATUSES, type TContactSubmission } from "@sms/domain/contracts/marketing";
import {
  CONTACT_SUBMISSION_SORT,
  CONTACT_SUBMISSIONS_PAGE_SIZE,
} from "@sms/domain/contracts/marketing-lists";
import { formatDateTime } from "@sms/domain/rules/format";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button, buttonClassName, spokenName } from "~/components/form";
import { type DataTableColumn, ListTable } from "~/components/table";
import { useCurrentUser } from "~/features/account";
import { useLocale } from "~/lib/locale";
import { useListParams } from "~/lib/use-list-params";
import { CONTACT_SUBMISSIONS_QUERY_KEY, useContactSubmissions } from "../api/list-contact-submissions";
import { useUpdateContactSubmission } from "../api/update-contact-submission";
import { errorText } from "../lib/error-text";

type SortKey = (typeof CONTACT_SUBMISSION_SORT.keys)[number];

/** A reply in the member of staff's own mail program: the topic as subject, the question quoted. */
function replyHref(s: TContactSubmission, subject: string): string {
  const quoted = s.message
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  return `mailto:${s.email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(`\n\n${quoted}`)}`;
}

/**
 * Staff's small inbox of the contact forms (issue 4, review D70): each message's status (new until
 * marked answered), who looks after it, a reply by e-mail, and the filter by status; page, order
 * and filter live in the URL.
 */
export function ContactSubmissionsTable() {
  const { t } = useTranslation("admin");
  const { t: tm } = useTranslation("marketing");
  const locale = useLocale();
  const statusId = useId();
  const me = useCurrentUser().user;
  const update = useUpdateContactSubmission();
  const list = useListParams({
    sort: CONTACT_SUBMISSION_SORT,
    defaultSize: CONTACT_SUBMISSIONS_PAGE_SIZE,
    filters: ["status"],
    key: CONTACT_SUBMISSIONS_QUERY_KEY,
  });
  const status = CONTACT_SUBMISSION_STATUSES.find((known) => known === list.filters.status);
  const query = useContactSubmissions({ ...list.request, status }, list.queryKey);
  const change = (s: TContactSubmission, body: TUpdateContactSubmissionRequest) =>
    update.mutate(
      { id: s.id, change: body },
      {
        onSuccess: () => toast.success(t("contacts.updated", { name: s.name })),
        onError: (error) => toast.error(errorText(error, t("common.loadError"))),
      },
    );

  const columns: DataTableColumn<TContactSubmission, SortKey>[] = [
    {
      title: t("contacts.received"),
      key: "created_at",
      sort: true,
      reverse: true,
      class: "whitespace-nowrap",
      cell: (s) => formatDateTime(new Date(s.created_at), locale),
    },
    {
      title: t("contacts.name"),
      key: "name",
      card: "title",
      sort: true,
      class: "min-w-40",
      cell: (s) => (
        <>
          <span className="font-medium text-gray-900">{s.name}</span>
          {s.company ? <span className="block text-gray-500">{s.company}</span> : null}
        </>
      ),
    },
    {
      title: t("contacts.email"),
      key: "email",
      sort: true,
      class: "min-w-48",
      cell: (s) => (
        <>
          <a href={`mailto:${s.email}`} className="break-words text-primary-700 underline">
            {s.email}
          </a>
          {s.phone ? <span className="block text-gray-500">{s.phone}</span> : null}
        </>
      ),
    },
    {
      title: t("contacts.topic"),
      key: "topic",
      sort: true,
      class: "whitespace-nowrap",
      cell: (s) => (
        <>
          <span className="inline-block rounded-full bg-secondary-100 px-2 py-0.5 whitespace-nowrap text-secondary-800">
            {tm(`contact.topics.${s.topic}`, { defaultValue: s.topic })}
          </span>
          <span className="mt-1 block text-xs text-gray-500">
            {s.emailed_at ? t("contacts.emailed") : t("contacts.notEmailed")}
          </span>
        </>
      ),
    },
    {
      title: t("contacts.message"),
      key: "message",
      class: "min-w-72",
      cell: (s) => <p className="max-w-prose whitespace-pre-wrap break-words">{s.message}</p>,
    },
    {
      title: t("contacts.status"),
      key: "status",
      card: "status",
      class: "min-w-40",
      cell: (s) => (
        <span className="flex flex-col items-start gap-1" data-testid={`contact-status-${s.id}`}>
          <span
            className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${
              s.status === "new" ? "bg-amber-100 text-amber-900" : "bg-green-100 text-green-800"
            }`}
          >
            {t(`contacts.statuses.${s.status}`)}
          </span>
          <span className="text-xs text-gray-600">
            {s.assignee
              ? t("contacts.lookedAfterBy", {
                  name: s.assignee.id === me?.id ? t("contacts.you") : s.assignee.name,
                })
              : t("contacts.nobody")}
          </span>
          {s.answered_at ? (
            <span className="text-xs text-gray-600">
              {t("contacts.answeredAt", { at: formatDateTime(new Date(s.answered_at), locale) })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      title: t("contacts.actions"),
      key: "actions",
      card: "actions",
      class: "min-w-40",
      cell: (s) => (
        <div className="flex flex-wrap gap-2">
          <a
            href={replyHref(
              s,
              t("contacts.replySubject", {
                topic: tm(`contact.topics.${s.topic}`, { defaultValue: s.topic }),
              }),
            )}
            className={buttonClassName({ variant: "light-secondary", size: "sm" })}
            aria-label={spokenName(t("contacts.reply"), t("contacts.replyTo", { name: s.name }))}
          >
            {t("contacts.reply")}
          </a>
          {me && s.assignee?.id !== me.id ? (
            <Button
              size="sm"
              variant="light-gray"
              disabled={update.isPending}
              onClick={() => change(s, { assignee_user_id: me.id })}
              aria-label={spokenName(
                t("contacts.assignToMe"),
                t("contacts.assignToMeLabel", { name: s.name }),
              )}
              data-testid={`contact-assign-${s.id}`}
            >
              {t("contacts.assignToMe")}
            </Button>
          ) : null}
          <Button
            size="sm"
            variant={s.status === "new" ? "primary" : "light-gray"}
            disabled={update.isPending}
            onClick={() => change(s, { status: s.status === "new" ? "answered" : "new" })}
            aria-label={spokenName(
              t(s.status === "new" ? "contacts.markAnswered" : "contacts.markNew"),
              t(s.status === "new" ? "contacts.markAnsweredLabel" : "contacts.markNewLabel", {
                name: s.name,
              }),
            )}
            data-testid={`contact-toggle-${s.id}`}
          >
            {t(s.status === "new" ? "contacts.markAnswered" : "contacts.markNew")}
          </Button>
        </div>
      ),
    },
  ];

  const data = query.data?.data;
  return (
    <div className="space-y-4">
      <div>
        <label htmlFor={statusId} className="mb-1 block text-sm font-medium text-gray-800">
          {t("contacts.statusFilter")}
        </label>
        <select
          id={statusId}
          value={status ?? ""}
          onChange={(event) => list.setFilters({ status: event.target.value })}
          className="min-h-11 w-full rounded-md border border-gray-300 bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-primary-700 sm:w-auto"
          data-testid="contact-status-filter"
        >
          <option value="">{t("contacts.allStatuses")}</option>
          {CONTACT_SUBMISSION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`contacts.statuses.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <ListTable
        caption={t("contacts.caption")}
        hideCaption
        columns={columns}
        rowKey={(s) => s.id}
        emptyText={t("contacts.empty")}
        skeletonRows={5}
        page={data}
        query={query}
        list={list}
      />
    </div>
  );
}
