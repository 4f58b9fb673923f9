import { useTranslation } from "react-i18next";
import { SubPageHeading } from "~/components/layout/sub-page-heading";
import { PageTitle } from "~/features/auth";
import { SuppressionsList } from "~/features/suppressions";

/** /suppressions: the numbers the organization's marketing sends skip. */
export default function SuppressionsPage() {
  const { t } = useTranslation("suppressions");
  return (
    <div className="space-y-6">
      <PageTitle />
      <SubPageHeading
        back={{ to: "/contacts", label: t("backToContacts") }}
        title={t("title")}
        intro={t("intro")}
      />
      <SuppressionsList />
    </div>
  );
}
