import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClassName } from "~/components/form";
import { PageTitle } from "~/features/auth";
import { TemplatesTable } from "~/features/templates";
import { useLocalizedPath } from "~/lib/locale";

/** /templates (and /templates/headers): the organization's SMS templates. */
export default function TemplatesPage() {
  const { t } = useTranslation("templates");
  const lp = useLocalizedPath();
  return (
    <div className="space-y-6">
      <PageTitle />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">{t("page.title")}</h1>
          <p className="mt-1 text-sm text-gray-600">{t("page.intro")}</p>
        </div>
        <Link to={lp("/templates/create")} className={buttonClassName({})} data-testid="create-template">
          {t("page.create")}
        </Link>
      </div>
      <TemplatesTable />
    </div>
  );
}
