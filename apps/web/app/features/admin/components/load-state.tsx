import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Button, FormAlert } from "~/components/form";

/**
 * What a staff settings panel shows before its record: the load announced while it is in flight,
 * a failure with a retry. `null` once the record is there.
 */
export function LoadState({ query }: { query: Pick<UseQueryResult, "isPending" | "isError" | "refetch"> }) {
  const { t } = useTranslation("admin");
  if (query.isPending) {
    return (
      <p role="status" className="text-gray-600">
        {t("common.loading")}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="space-y-2">
        <FormAlert>{t("common.loadError")}</FormAlert>
        <Button variant="light-gray" onClick={() => void query.refetch()}>
          {t("common.retry")}
        </Button>
      </div>
    );
  }
  return null;
}
