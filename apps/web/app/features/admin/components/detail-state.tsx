import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button, FormAlert } from "~/components/form";
import { isApiError } from "~/lib/api-client";

/**
 * What a staff detail page (an organization, a user) shows before its record: a bad id or a 404 is
 * "not found", a load in flight is announced, any other failure offers a retry. `null` once the
 * record is there.
 */
export function DetailState({
  id,
  query,
  back,
}: {
  id: number;
  query: Pick<UseQueryResult, "isPending" | "isError" | "error" | "refetch">;
  back: ReactNode;
}) {
  const { t } = useTranslation("admin");
  if (!Number.isSafeInteger(id) || id < 1) {
    return (
      <div className="space-y-4">
        {back}
        <FormAlert>{t("common.notFound")}</FormAlert>
      </div>
    );
  }
  if (query.isPending) {
    return (
      <div className="space-y-4" aria-busy="true">
        {back}
        <p role="status" className="text-gray-600">
          {t("common.loading")}
        </p>
      </div>
    );
  }
  if (query.isError) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <div className="space-y-4">
        {back}
        <FormAlert>{notFound ? t("common.notFound") : t("common.loadError")}</FormAlert>
        {notFound ? null : (
          <Button variant="light-gray" onClick={() => void query.refetch()}>
            {t("common.retry")}
          </Button>
        )}
      </div>
    );
  }
  return null;
}
