import { useTranslation } from "react-i18next";
import { PageTitle } from "~/features/auth";
import { SenderForm } from "~/features/senders";

/** /senders/create: request a sender name with its evidence. */
export default function CreateSenderPage() {
  const { t } = useTranslation("senders");
  return (
    <div className="space-y-6">
      <PageTitle />
      <h1 className="text-2xl font-bold text-gray-900">{t("form.title")}</h1>
      <SenderForm />
    </div>
  );
}
