import { useId } from "react";
import { useTranslation } from "react-i18next";
import { SearchBox } from "~/components/table";

export type StatusFilter = "" | "true" | "false";

export interface TemplatesFiltersProps {
  search: string;
  status: StatusFilter;
  onChange: (filters: { search: string; enabled: StatusFilter }) => void;
}

/** Search by name (applied on Enter or the button) and the on/off filter, both kept in the URL by the list. */
export function TemplatesFilters({ search, status, onChange }: TemplatesFiltersProps) {
  const { t } = useTranslation("templates");
  const statusId = useId();
  return (
    <SearchBox
      label={t("filters.search")}
      value={search}
      onSearch={(text) => onChange({ search: text, enabled: status })}
      submitLabel={t("filters.submit")}
      clearLabel={t("filters.clear")}
      canClear={Boolean(search || status)}
      onClear={() => onChange({ search: "", enabled: "" })}
      inputClassName="w-full sm:max-w-xs"
      testId="templates-search"
      activeFilters={status ? 1 : 0}
    >
      {(text) => (
        <div>
          <label htmlFor={statusId} className="mb-1 block text-sm font-medium text-gray-800">
            {t("filters.status")}
          </label>
          <select
            id={statusId}
            value={status}
            onChange={(event) =>
              onChange({ search: text.trim(), enabled: event.target.value as StatusFilter })
            }
            className="min-h-11 rounded-md border border-gray-300 bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-primary-700"
            data-testid="templates-status"
          >
            <option value="">{t("filters.all")}</option>
            <option value="true">{t("status.on")}</option>
            <option value="false">{t("status.off")}</option>
          </select>
        </div>
      )}
    </SearchBox>
  );
}
