import { type CalendarDate, type CalendarDateTime, Time, toCalendarDate } from "@internationalized/date";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RangeCalendar } from "./calendar";
import { parseMinValue } from "./date-picker";
import {
  type DateRangeValue,
  formatDisplay,
  isAfterToday,
  parseValue,
  spanDays,
  timeOf,
  todayInBangkok,
  toValue,
  withTimeOf,
} from "./date-utils";
import { useErrorText } from "./field";
import { type PickerFieldProps, PickerFooter, PickerShell } from "./picker-shell";
import { TimeInput } from "./time-input";

export type { DateRangeValue } from "./date-utils";

/** Values are Gregorian ISO strings: "2026-05-01", or "2026-05-01T00:00" with `withTime`. */
export interface DateRangePickerProps extends PickerFieldProps<DateRangeValue> {
  /** Longest allowed range in days, both ends counted (1–31 May is 31 days). */
  maxSpanDays?: number;
}

const DAY_START = new Time(0, 0);
const DAY_END = new Time(23, 59);

interface ParsedRange {
  start: CalendarDateTime;
  end: CalendarDateTime;
}

function parseRange(value: DateRangeValue | null, withTime: boolean): ParsedRange | null {
  if (!value) return null;
  const start = parseValue(value.start, withTime);
  const end = parseValue(value.end, withTime);
  return start && end ? { start, end } : null;
}

/** The first rule a range breaks, as a "ui" key with its values, or null. */
export function rangeProblem(
  range: ParsedRange | null,
  maxSpanDays: number | undefined,
): { key: "date.afterToday" | "date.rangeOrder" | "date.spanExceeded"; days?: number } | null {
  if (!range) return null;
  if (isAfterToday(range.start) || isAfterToday(range.end)) return { key: "date.afterToday" };
  if (range.end.compare(range.start) < 0) return { key: "date.rangeOrder" };
  if (maxSpanDays && spanDays(toCalendarDate(range.start), toCalendarDate(range.end)) > maxSpanDays) {
    return { key: "date.spanExceeded", days: maxSpanDays };
  }
  return null;
}

/** Read-only date range (optionally with 24 h times) chosen from a calendar; never after today. */
export function DateRangePicker({
  value,
  defaultValue = null,
  onChange,
  withTime = false,
  maxSpanDays,
  minValue,
  placeholder,
  error,
  ...shell
}: DateRangePickerProps) {
  const { t, i18n } = useTranslation("ui");
  const [own, setOwn] = useState<DateRangeValue | null>(defaultValue);
  const [isOpen, setOpen] = useState(false);
  const [draft, setDraft] = useState({ start: DAY_START, end: DAY_END });
  const current = value === undefined ? own : value;
  const parsed = parseRange(current, withTime);
  const startTime = timeOf(parsed?.start ?? null, draft.start);
  const endTime = timeOf(parsed?.end ?? null, draft.end);

  const problem = rangeProblem(parsed, maxSpanDays);
  const errorText = useErrorText(error ?? (problem ? t(problem.key, { days: problem.days }) : undefined));

  const commit = (next: DateRangeValue | null) => {
    if (value === undefined) setOwn(next);
    onChange?.(next);
  };

  const build = (start: CalendarDate, end: CalendarDate, from: Time, to: Time): DateRangeValue =>
    withTime
      ? { start: toValue(withTimeOf(start, from), true), end: toValue(withTimeOf(end, to), true) }
      : { start: toValue(start, false), end: toValue(end, false) };

  const pickRange = (range: { start: CalendarDate; end: CalendarDate }) => {
    commit(build(range.start, range.end, startTime, endTime));
    if (!withTime) setOpen(false);
  };

  const pickTime = (which: "start" | "end", time: Time) => {
    setDraft((prev) => ({ ...prev, [which]: time }));
    if (!parsed) return;
    const from = which === "start" ? time : startTime;
    const to = which === "end" ? time : endTime;
    commit(build(toCalendarDate(parsed.start), toCalendarDate(parsed.end), from, to));
  };

  const display = parsed
    ? `${formatDisplay(parsed.start, withTime, i18n.language)} – ${formatDisplay(parsed.end, withTime, i18n.language)}`
    : "";

  return (
    <PickerShell
      {...shell}
      placeholder={placeholder ?? t(withTime ? "date.placeholderDateTimeRange" : "date.placeholderDateRange")}
      display={display}
      errorText={errorText}
      isOpen={isOpen}
      onOpenChange={setOpen}
    >
      <RangeCalendar
        value={parsed ? { start: toCalendarDate(parsed.start), end: toCalendarDate(parsed.end) } : null}
        onChange={pickRange}
        minValue={parseMinValue(minValue)}
        maxValue={todayInBangkok()}
        maxSpanDays={maxSpanDays}
        autoFocus
      />
      {maxSpanDays ? (
        <p className="mt-2 text-xs text-gray-500">{t("date.spanHint", { days: maxSpanDays })}</p>
      ) : null}
      {withTime ? (
        <div className="mt-3 space-y-2 border-t border-gray-100 pt-3">
          <TimeInput
            label={t("date.startTime")}
            value={startTime}
            onChange={(time) => pickTime("start", time)}
          />
          <TimeInput label={t("date.endTime")} value={endTime} onChange={(time) => pickTime("end", time)} />
        </div>
      ) : null}
      <PickerFooter
        canClear={current !== null}
        onClear={() => {
          commit(null);
          setOpen(false);
        }}
        onDone={() => setOpen(false)}
      />
    </PickerShell>
  );
}
