import { formatDateTime } from "@sms/domain/rules/format";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "~/components/form";
import { isApiError } from "~/lib/api-client";
import { useLocale, useLocalizedPath } from "~/lib/locale";
import { useTemplate } from "../api/get-template";
import { TemplateForm } from "./template-form";

/** /templates/{id}: the template loaded, then the form to change it; a missing one says so. */
export function TemplateEditor({ id }: { id: number }) {
  const { t } = useTranslation("templates");
  const locale = useLocale();
  const lp = useLocalizedPath();
  const valid = Number.isSafeInteger(id) && id > 0;
  const query = useTemplate(id);
  const heading = <h1 className="text-2xl font-bold text-gray-900">{t("page.editTitle")}</h1>;

  if (!valid || query.isError) {
    const notFound = !valid || (isApiError(query.error) && query.error.status === 404);
    return (
      <div className="space-y-3">
        {heading}
        <div role="alert" className="space-y-3 rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
          <p>{notFound ? t("page.notFound") : query.error?.message}</p>
          {notFound ? (
            <Link to={lp("/templates")} className="text-primary-700 underline">
              {t("page.back")}
            </Link>
          ) : (
            <Button variant="light-error" size="sm" onClick={() => void query.refetch()}>
              {t("page.retry")}
            </Button>
          )}
        </div>
      </div>
    );
  }
  if (query.isPending) {
    return (
      <div className="space-y-3">
        {heading}
        <p aria-busy="true" className="text-sm text-gray-500">
          {t("page.loading")}
        </p>
      </div>
    );
  }
  const template = query.data;
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        {heading}
        <p className="text-sm text-gray-600" data-testid="template-times">
          {t("page.times", {
            created: formatDateTime(new Date(template.created_at), locale),
            updated: formatDateTime(new Date(template.updated_at), locale),
          })}
        </p>
      </div>
      <TemplateForm template={template} />
    </div>
  );
}
