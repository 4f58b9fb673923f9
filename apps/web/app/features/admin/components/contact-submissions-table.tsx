import type { TContactSubmission } from "@sms/domain/contracts/marketing";
import {
  CONTACT_SUBMISSION_SORT,
  CONTACT_SUBMISSIONS_PAGE_SIZE,
} from "@sms/domain/contracts/marketing-lists";
import { formatDateTime } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { type DataTableColumn, ListTable } from "~/components/table";
import { useLocale } from "~/lib/locale";
import { useListParams } from "~/lib/use-list-params";
import { CONTACT_SUBMISSIONS_QUERY_KEY, useContactSubmissions } from "../api/list-contact-submissions";

type SortKey = (typeof CONTACT_SUBMISSION_SORT.keys)[number];

/** Staff read the contact form here (issue 4); page and order live in the URL. */
export function ContactSubmissionsTable() {
  const { t } = useTranslation("admin");
  const { t: tm } = useTranslation("marketing");
  const locale = useLocale();
  const list = useListParams({
    sort: CONTACT_SUBMISSION_SORT,
    defaultSize: CONTACT_SUBMISSIONS_PAGE_SIZE,
    key: CONTACT_SUBMISSIONS_QUERY_KEY,
  });
  const query = useContactSubmissions(list.request, list.queryKey);

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
          <span className="inline-block rounded-full bg-secondary-100 px-2 py-0.5 whitespace-nowrap text-secondary-600">
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
  ];

  const data = query.data?.data;
  return (
    <div className="space-y-4">
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
