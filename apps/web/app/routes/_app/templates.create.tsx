import { useTranslation } from "react-i18next";
import { PageTitle } from "~/features/auth";
import { TemplateForm } from "~/features/templates";

/** /templates/create: a new SMS template with the live preview. */
export default function CreateTemplatePage() {
  const { t } = useTranslation("templates");
  return (
    <div className="space-y-6">
      <PageTitle />
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{t("page.createTitle")}</h1>
        <p className="mt-1 text-sm text-gray-600">{t("page.createIntro")}</p>
      </div>
      <TemplateForm />
    </div>
  );
}
