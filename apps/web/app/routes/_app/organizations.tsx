import { useTranslation } from "react-i18next";
import { PageTitle } from "~/features/auth";
import { MyInvitations, OrganizationsTable } from "~/features/organizations";

/** /organizations: the organizations the user belongs to (spec §2) and the invitations waiting for them (ADR 33). */
export default function OrganizationsPage() {
  const { t } = useTranslation("organizations");
  return (
    <section className="space-y-4">
      <PageTitle />
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t("list.title")}</h1>
        <p className="mt-1 text-sm text-gray-600">{t("list.intro")}</p>
      </div>
      <OrganizationsTable />
      <MyInvitations />
    </section>
  );
}
