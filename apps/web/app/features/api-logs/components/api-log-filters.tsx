import {
  API_LOG_ENDPOINTS,
  API_LOG_ERROR_CODES,
  API_LOG_MAX_DAYS,
  API_LOG_STATUSES,
} from "@sms/domain/contracts/api-logs";
import { dateRangeProblem, parseReportDate } from "@sms/domain/rules/report-filters";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextInput } from "~/components/form";
import { DateRangePicker, type DateRangeValue } from "~/components/form/date";
import { FilterBar, FilterBarSelect } from "~/components/table";
import type { ApiLogFilter } from "../api/list-api-logs";

type Values = Partial<Record<ApiLogFilter, string>>;

const draftOf = (values: Values) => ({
  range: values.start && values.end ? { start: values.start, end: values.end } : null,
  status: values.status ?? "",
  endpoint: values.endpoint ?? "",
  error_code: values.error_code ?? "",
  api_key: values.api_key ?? "",
  ip: values.ip ?? "",
  message_id: values.message_id ?? "",
});

const activeCount = (values: Values) =>
  (values.start || values.end ? 1 : 0) +
  (["status", "endpoint", "error_code", "api_key", "ip", "message_id"] as const).filter((k) => values[k])
    .length;

/**
 * The log's filter bar: a period with minutes (Buddhist calendar in Thai, at most 31 days), status,
 * endpoint, error code, key (the organization's current ones), IP and message id. Edits stay local
 * until Search, which writes them to the URL; folded behind "Filters (n)" on a phone.
 */
export function ApiLogFilters({
  values,
  onApply,
  keys,
}: {
  values: Values;
  onApply: (values: Record<ApiLogFilter, string | undefined>) => void;
  keys: readonly { value: string; label: string }[];
}) {
  const { t } = useTranslation(["api-logs", "ui"]);
  const [draft, setDraft] = useState(() => draftOf(values));
  const [applied, setApplied] = useState(values);
  const [open, setOpen] = useState(false);
  const [messageIdError, setMessageIdError] = useState<string | undefined>();
  const [rangeError, setRangeError] = useState(false);
  // The URL changed from outside (back button, a shared link): show what is applied.
  if (applied !== values) {
    setApplied(values);
    setDraft(draftOf(values));
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = draft.message_id.trim();
    const idOk = id === "" || /^[1-9]\d{0,15}$/.test(id);
    setMessageIdError(idOk ? undefined : t("filters.messageIdInvalid"));
    const start = draft.range ? parseReportDate(draft.range.start) : null;
    const end = draft.range ? parseReportDate(draft.range.end) : null;
    const rangeOk =
      !draft.range || Boolean(start && end && !dateRangeProblem(start, end, { maxDays: API_LOG_MAX_DAYS }));
    setRangeError(!rangeOk);
    if (!idOk || !rangeOk) return;
    setOpen(false);
    onApply({
      start: draft.range?.start,
      end: draft.range?.end,
      status: draft.status || undefined,
      endpoint: draft.endpoint || undefined,
      error_code: draft.error_code || undefined,
      api_key: draft.api_key.trim() || undefined,
      ip: draft.ip.trim() || undefined,
      message_id: id || undefined,
    });
  };
  const clear = () => {
    setDraft(draftOf({}));
    setMessageIdError(undefined);
    setRangeError(false);
    setOpen(false);
    onApply({
      start: undefined,
      end: undefined,
      status: undefined,
      endpoint: undefined,
      error_code: undefined,
      api_key: undefined,
      ip: undefined,
      message_id: undefined,
    });
  };
  const set = (field: keyof ReturnType<typeof draftOf>) => (value: string) =>
    setDraft((d) => ({ ...d, [field]: value }));

  return (
    <FilterBar
      activeCount={activeCount(values)}
      open={open}
      onOpenChange={setOpen}
      onSubmit={submit}
      onClear={clear}
      gridClass="sm:grid-cols-2 lg:grid-cols-4"
      testId="api-log-filters"
    >
      <div className="sm:col-span-2">
        <DateRangePicker
          label={t("filters.period", { ns: "ui" })}
          value={draft.range}
          onChange={(range: DateRangeValue | null) => setDraft((d) => ({ ...d, range }))}
          withTime
          maxSpanDays={API_LOG_MAX_DAYS}
        />
        {rangeError ? (
          <p className="mt-1 text-sm text-red-700" role="alert">
            {t("filters.rangeInvalid", { max: API_LOG_MAX_DAYS })}
          </p>
        ) : null}
      </div>
      <FilterBarSelect
        label={t("filters.endpoint")}
        value={draft.endpoint}
        onChange={set("endpoint")}
        options={API_LOG_ENDPOINTS.map((e) => ({ value: e, label: e }))}
        allLabel={t("filters.allEndpoints")}
        testId="filter-endpoint"
      />
      <FilterBarSelect
        label={t("filters.status")}
        value={draft.status}
        onChange={set("status")}
        options={API_LOG_STATUSES.map((s) => ({ value: s, label: s }))}
        allLabel={t("filters.allStatuses")}
        testId="filter-status"
      />
      <FilterBarSelect
        label={t("filters.errorCode")}
        value={draft.error_code}
        onChange={set("error_code")}
        options={API_LOG_ERROR_CODES.map((c) => ({ value: c, label: c }))}
        allLabel={t("filters.allErrorCodes")}
        testId="filter-error-code"
      />
      <FilterBarSelect
        label={t("filters.key")}
        value={draft.api_key}
        onChange={set("api_key")}
        options={keys}
        allLabel={t("filters.allKeys")}
        testId="filter-key"
      />
      <TextInput
        label={t("filters.ip")}
        placeholder="203.0.113.9"
        value={draft.ip}
        onChange={set("ip")}
        spellCheck={false}
        data-testid="filter-ip"
      />
      <TextInput
        label={t("filters.messageId")}
        inputMode="numeric"
        value={draft.message_id}
        onChange={(v) => {
          set("message_id")(v);
          setMessageIdError(undefined);
        }}
        error={messageIdError}
        data-testid="filter-message-id"
      />
    </FilterBar>
  );
}
