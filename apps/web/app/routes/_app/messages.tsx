import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClassName } from "~/components/form";
import { PageTitle } from "~/features/auth";
import { MessagesTable } from "~/features/messages";
import { useLocalizedPath } from "~/lib/locale";

/** /messages: the organization's sent messages, with their delivery status. */
export default function MessagesPage() {
  const { t } = useTranslation("messages");
  const lp = useLocalizedPath();
  return (
    <section className="space-y-4">
      <PageTitle />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">{t("list.title")}</h1>
          <p className="mt-1 text-sm text-gray-600">{t("list.intro")}</p>
        </div>
        <Link to={lp("/messages/instant")} className={buttonClassName({})} data-testid="send-instant-link">
          {t("list.sendInstant")}
        </Link>
      </div>
      <MessagesTable />
    </section>
  );
}
