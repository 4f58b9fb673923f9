import { useTranslation } from "react-i18next";
import { SubPageHeading } from "~/components/layout/sub-page-heading";
import { PageTitle } from "~/features/auth";
import { AutoReplySettings } from "~/features/inbox";

/** /inbox/rules: keyword auto-replies, where replies are forwarded and the daily budget. */
export default function InboxRulesPage() {
  const { t } = useTranslation("inbox");
  return (
    <div className="space-y-6">
      <PageTitle />
      <SubPageHeading
        back={{ to: "/inbox", label: t("rules.back") }}
        title={t("rules.title")}
        intro={t("rules.intro")}
      />
      <AutoReplySettings />
    </div>
  );
}
