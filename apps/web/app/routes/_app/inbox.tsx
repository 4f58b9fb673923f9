import { useTranslation } from "react-i18next";
import { PageTitle } from "~/features/auth";
import { ConversationsList } from "~/features/inbox";

/** /inbox: the numbers that replied, newest reply first. */
export default function InboxPage() {
  const { t } = useTranslation("inbox");
  return (
    <div className="space-y-6">
      <PageTitle />
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t("title")}</h1>
        <p className="mt-1 max-w-3xl text-sm text-gray-600">{t("intro")}</p>
      </div>
      <ConversationsList />
    </div>
  );
}
