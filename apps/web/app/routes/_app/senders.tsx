import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClassName } from "~/components/form";
import { PageTitle } from "~/features/auth";
import { SendersTable } from "~/features/senders";
import { useLocalizedPath } from "~/lib/locale";

/** /senders (and /senders/headers): the organization's sender names and the shared default. */
export default function SendersPage() {
  const { t } = useTranslation("senders");
  const lp = useLocalizedPath();
  return (
    <div className="space-y-6">
      <PageTitle />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">{t("list.title")}</h1>
          <p className="mt-1 text-sm text-gray-600">{t("list.intro")}</p>
        </div>
        <Link to={lp("/senders/create")} className={buttonClassName({})} data-testid="request-sender">
          {t("list.request")}
        </Link>
      </div>
      <SendersTable />
    </div>
  );
}
