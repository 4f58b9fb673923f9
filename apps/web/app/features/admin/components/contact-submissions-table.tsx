import { formatDateTime } from "@sms/domain/rules/format";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/form";
import { useLocale } from "~/lib/locale";
import { useContactSubmissions } from "../api/list-contact-submissions";

/** Staff read the contact form here (issue 4: "an admin can read them later"). */
export function ContactSubmissionsTable() {
  const { t } = useTranslation("admin");
  const { t: tm } = useTranslation("marketing");
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const query = useContactSubmissions(page);

  if (query.isPending) {
    return (
      <p role="status" className="py-8 text-center text-gray-600">
        {t("contacts.loading")}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
        <p>{query.error.message || t("contacts.error")}</p>
        <Button variant="light-primary" className="mt-3" onClick={() => query.refetch()}>
          {t("contacts.retry")}
        </Button>
      </div>
    );
  }
  const { entities, page_information: info } = query.data.data;
  if (entities.length === 0) {
    return <p className="rounded-md bg-white p-8 text-center text-gray-600">{t("contacts.empty")}</p>;
  }
  return (
    <div aria-busy={query.isFetching}>
      <p className="mb-3 text-sm text-gray-600">{t("contacts.total", { count: info.total_item })}</p>
      <ul className="space-y-3">
        {entities.map((s) => (
          <li
            key={s.id}
            className="rounded-lg border border-gray-200 bg-white p-4"
            data-testid="contact-submission"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="font-semibold">
                {s.name}
                <span className="ml-2 font-normal text-gray-600">
                  <a href={`mailto:${s.email}`} className="underline">
                    {s.email}
                  </a>
                  {s.phone ? ` · ${s.phone}` : ""}
                  {s.company ? ` · ${s.company}` : ""}
                </span>
              </p>
              <p className="text-sm text-gray-500">
                <span className="sr-only">{t("contacts.received")} </span>
                {formatDateTime(new Date(s.created_at), locale)}
              </p>
            </div>
            <p className="mt-1 text-sm">
              <span className="rounded-full bg-secondary-100 px-2 py-0.5 text-secondary-600">
                {tm(`contact.topics.${s.topic}`, { defaultValue: s.topic })}
              </span>
              <span className="ml-2 text-gray-500">
                {s.emailed_at ? t("contacts.emailed") : t("contacts.notEmailed")}
              </span>
            </p>
            <p className="mt-2 whitespace-pre-wrap break-words text-gray-800">{s.message}</p>
          </li>
        ))}
      </ul>
      {info.total_pages > 1 && (
        <nav
          aria-label={t("contacts.page", { page: info.page, total: info.total_pages })}
          className="mt-4 flex items-center justify-between gap-2"
        >
          <Button variant="light-gray" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t("contacts.previous")}
          </Button>
          <span className="text-sm text-gray-600">
            {t("contacts.page", { page: info.page, total: info.total_pages })}
          </span>
          <Button
            variant="light-gray"
            disabled={page >= info.total_pages}
            onClick={() => setPage((p) => p + 1)}
          >
            {t("contacts.next")}
          </Button>
        </nav>
      )}
    </div>
  );
}
