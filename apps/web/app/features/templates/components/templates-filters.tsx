import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, TextInput } from "~/components/form";

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
  const [text, setText] = useState(search);
  useEffect(() => setText(search), [search]);
  return (
    <search>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          onChange({ search: text.trim(), enabled: status });
        }}
      >
        <TextInput
          type="search"
          label={t("filters.search")}
          value={text}
          onChange={setText}
          maxLength={100}
          className="w-full sm:max-w-xs"
          data-testid="templates-search"
        />
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
        <Button type="submit" variant="light-primary">
          {t("filters.submit")}
        </Button>
        {search || status ? (
          <Button
            variant="light-gray"
            onClick={() => {
              setText("");
              onChange({ search: "", enabled: "" });
            }}
          >
            {t("filters.clear")}
          </Button>
        ) : null}
      </form>
    </search>
  );
}
