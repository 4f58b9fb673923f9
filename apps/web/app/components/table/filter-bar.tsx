import { type FormEvent, type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/form";
import { controlClass, FieldLabel } from "~/components/form/field";
import { CollapsibleFilters } from "./collapsible-filters";

export interface FilterOption {
  value: string;
  label: string;
}

/** A filter bar's choice of one value: a labelled native select whose first option is "all". */
export function FilterBarSelect({
  label,
  value,
  onChange,
  options,
  allLabel,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly FilterOption[];
  allLabel: string;
  testId?: string;
}) {
  const id = useId();
  return (
    <div>
      <FieldLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </FieldLabel>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={`${controlClass} py-[calc(--spacing(2)-1px)]`}
        data-testid={testId}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The frame of a list's filter bar (the reports', the API log's): a search form, folded behind
 * "Filters (n)" on a phone, with the fields in a grid and Search and Clear under them. What the
 * fields hold, how they are checked and when they are applied stay the caller's.
 */
export function FilterBar({
  activeCount,
  open,
  onOpenChange,
  onSubmit,
  onClear,
  gridClass,
  testId,
  children,
}: {
  /** How many filters are applied (the folded toggle says so). */
  activeCount: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (event: FormEvent) => void;
  onClear: () => void;
  /** The grid's columns per width, e.g. `sm:grid-cols-2 lg:grid-cols-5`. */
  gridClass: string;
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("ui");
  return (
    <CollapsibleFilters activeCount={activeCount} open={open} onOpenChange={onOpenChange}>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to older Safari and to jsdom; the role is understood everywhere. */}
      <form
        role="search"
        aria-label={t("filters.label")}
        noValidate
        onSubmit={onSubmit}
        className="rounded-lg border border-gray-200 bg-white p-4"
        data-testid={testId}
      >
        <div className={`grid gap-4 ${gridClass}`}>{children}</div>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button type="submit">{t("filters.search")}</Button>
          <Button variant="light-gray" onClick={onClear}>
            {t("filters.clear")}
          </Button>
        </div>
      </form>
    </CollapsibleFilters>
  );
}
