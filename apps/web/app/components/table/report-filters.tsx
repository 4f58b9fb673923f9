import { dateRangeProblem, parseReportDate, ZReportPhone } from "@sms/domain/rules/report-filters";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextInput } from "~/components/form";
import { DateRangePicker, type DateRangeValue } from "~/components/form/date";
import { FilterBar, FilterBarSelect, type FilterOption } from "./filter-bar";

/** The URL parameters of the report filter convention (see reportQuery in @sms/domain). */
export const REPORT_FILTER_PARAMS = ["start", "end", "status", "type", "phone"] as const;
export type ReportFilterParam = (typeof REPORT_FILTER_PARAMS)[number];
export type ReportFilterValues = Partial<Record<ReportFilterParam, string>>;

export interface ReportFiltersProps {
  /** The applied filters (from useListParams().filters). */
  values: ReportFilterValues;
  /** Applies a new set of filters (useListParams().setFilters); absent ones are cleared. */
  onApply: (values: Record<ReportFilterParam, string | undefined>) => void;
  /** The report's longest period in days, as its query schema allows. */
  maxSpanDays?: number;
  /** Date and 24 h time instead of whole days. */
  withTime?: boolean;
  statuses?: readonly FilterOption[];
  types?: readonly FilterOption[];
  /** Offer the phone number search (spec §5 "Phone Number is invalid!"). */
  phone?: boolean;
  /**
   * The period the report shows when none is chosen (the dashboard's last 30 days): the picker is
   * filled with it instead of left empty beside figures of that period (review D7). It is not an
   * applied filter: it does not count in "Filters (n)".
   */
  defaultPeriod?: { start: string; end: string };
}

const draftOf = (values: ReportFilterValues, defaultPeriod?: { start: string; end: string }) => ({
  range: values.start && values.end ? { start: values.start, end: values.end } : (defaultPeriod ?? null),
  status: values.status ?? "",
  type: values.type ?? "",
  phone: values.phone ?? "",
});

/** How many filters are applied: the period counts once. */
export const activeFilterCount = (values: ReportFilterValues) =>
  (values.start || values.end ? 1 : 0) +
  (values.status ? 1 : 0) +
  (values.type ? 1 : 0) +
  (values.phone ? 1 : 0);

/**
 * The one filter bar of every report: a period (Buddhist calendar in Thai, never after today, span
 * limited), status, type and a phone number. Edits stay local until "Search", which writes them to
 * the URL, so the report, a reload and a shared link all show the same filtered view. On a phone the
 * bar is folded behind a "Filters (n)" toggle and folds again once applied.
 */
export function ReportFilters({
  values,
  onApply,
  maxSpanDays,
  withTime = false,
  statuses,
  types,
  phone = false,
  defaultPeriod,
}: ReportFiltersProps) {
  const { t } = useTranslation("ui");
  const [draft, setDraft] = useState(() => draftOf(values, defaultPeriod));
  const [applied, setApplied] = useState(values);
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const [open, setOpen] = useState(false);

  // The URL changed from outside (back button, a shared link): show what is applied.
  if (JSON.stringify(applied) !== JSON.stringify(values)) {
    setApplied(values);
    setDraft(draftOf(values, defaultPeriod));
    setPhoneError(undefined);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const phoneCheck = ZReportPhone.safeParse(draft.phone);
    setPhoneError(phoneCheck.success ? undefined : "validation.phone_invalid");
    const start = draft.range ? parseReportDate(draft.range.start) : null;
    const end = draft.range ? parseReportDate(draft.range.end) : null;
    // The picker already shows what is wrong with the period; a wrong filter is never applied.
    const rangeOk = !draft.range || (start && end && !dateRangeProblem(start, end, { maxDays: maxSpanDays }));
    if (!phoneCheck.success || !rangeOk) return;
    setOpen(false);
    onApply({
      start: draft.range?.start,
      end: draft.range?.end,
      status: draft.status || undefined,
      type: draft.type || undefined,
      phone: draft.phone.trim() || undefined,
    });
  };

  const clear = () => {
    setDraft(draftOf({}, defaultPeriod));
    setPhoneError(undefined);
    setOpen(false);
    onApply({ start: undefined, end: undefined, status: undefined, type: undefined, phone: undefined });
  };

  return (
    <FilterBar
      activeCount={activeFilterCount(values)}
      open={open}
      onOpenChange={setOpen}
      onSubmit={submit}
      onClear={clear}
      gridClass="sm:grid-cols-2 lg:grid-cols-5"
    >
      <DateRangePicker
        label={t("filters.period")}
        value={draft.range}
        onChange={(range: DateRangeValue | null) => setDraft((d) => ({ ...d, range }))}
        withTime={withTime}
        maxSpanDays={maxSpanDays}
        className="sm:col-span-2"
      />
      {statuses ? (
        <FilterBarSelect
          label={t("filters.status")}
          value={draft.status}
          onChange={(status) => setDraft((d) => ({ ...d, status }))}
          options={statuses}
          allLabel={t("filters.allStatuses")}
        />
      ) : null}
      {types ? (
        <FilterBarSelect
          label={t("filters.type")}
          value={draft.type}
          onChange={(type) => setDraft((d) => ({ ...d, type }))}
          options={types}
          allLabel={t("filters.allTypes")}
        />
      ) : null}
      {phone ? (
        <TextInput
          type="tel"
          label={t("filters.phone")}
          placeholder="0812345678"
          value={draft.phone}
          onChange={(text) => {
            setDraft((d) => ({ ...d, phone: text }));
            setPhoneError(undefined);
          }}
          error={phoneError}
        />
      ) : null}
    </FilterBar>
  );
}
