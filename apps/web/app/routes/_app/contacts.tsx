import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonClassName } from "~/components/form";
import { ExportButtons } from "~/components/table";
import { PageTitle } from "~/features/auth";
import { GroupsTable } from "~/features/contacts";
import { useLocalizedPath } from "~/lib/locale";

/** /contacts (and /contacts/headers): the organization's contact groups. */
export default function ContactGroupsPage() {
  const { t } = useTranslation("contacts");
  const lp = useLocalizedPath();
  return (
    <div className="space-y-6">
      <PageTitle />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-gray-900">{t("groups.title")}</h1>
          <p className="mt-1 text-sm text-gray-600">{t("groups.intro")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={lp("/suppressions")} className={buttonClassName({ variant: "light-secondary" })}>
            {t("groups.suppressions")}
          </Link>
          <Link to={lp("/contacts/create")} className={buttonClassName({})}>
            {t("groups.create")}
          </Link>
        </div>
      </div>
      <GroupsTable />
      <section aria-labelledby="consent-export-title" className="space-y-2 border-t border-gray-200 pt-4">
        <h2 id="consent-export-title" className="text-base font-semibold text-gray-900">
          {t("consentExport.title")}
        </h2>
        <p className="text-sm text-gray-600">{t("consentExport.intro")}</p>
        <div className="flex flex-wrap gap-2">
          <ExportButtons
            path="/c/consents/export"
            fileName="consents"
            labels={{
              csv: t("consentExport.csv"),
              xlsx: t("consentExport.xlsx"),
              failed: t("consentExport.failed"),
            }}
          />
        </div>
      </section>
    </div>
  );
}
