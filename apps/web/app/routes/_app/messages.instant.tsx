import { useTranslation } from "react-i18next";
import { PageTitle } from "~/features/auth";
import { InstantMessageForm } from "~/features/messages";

/** /messages/instant: one SMS to one number, with the live count of characters, parts and credits. */
export default function InstantMessagePage() {
  const { t } = useTranslation("messages");
  return (
    <div className="space-y-6">
      <PageTitle />
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t("instant.title")}</h1>
        <p className="mt-1 text-sm text-gray-600">{t("instant.intro")}</p>
      </div>
      <InstantMessageForm />
    </div>
  );
}
