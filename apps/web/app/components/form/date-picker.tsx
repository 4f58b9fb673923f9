import { type CalendarDate, parseDate, Time, toCalendarDate } from "@internationalized/date";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SingleCalendar } from "./calendar";
import {
  formatDisplay,
  isAfterToday,
  parseValue,
  timeOf,
  todayInBangkok,
  toValue,
  withTimeOf,
} from "./date-utils";
import { useErrorText } from "./field";
import { type PickerFieldProps, PickerFooter, PickerShell } from "./picker-shell";
import { TimeInput } from "./time-input";

/**
 * Value: Gregorian ISO "2026-05-14", or "2026-05-14T09:30" with `withTime` (Bangkok wall clock).
 * `maxValue` ("2027-05-14") lets a future date be chosen (a schedule); without it, today is the last.
 */
export type DatePickerProps = PickerFieldProps<string> & { maxValue?: string | undefined };

export function parseMinValue(minValue: string | undefined): CalendarDate | undefined {
  if (!minValue) return undefined;
  try {
    return parseDate(minValue.slice(0, 10));
  } catch {
    return undefined;
  }
}

/** Read-only date (and optional time) field chosen from a calendar; never after today unless `maxValue` says. */
export function DatePicker({
  value,
  defaultValue = null,
  onChange,
  withTime = false,
  minValue,
  maxValue: latest,
  placeholder,
  error,
  ...shell
}: DatePickerProps) {
  const { t, i18n } = useTranslation("ui");
  const [own, setOwn] = useState<string | null>(defaultValue);
  const [isOpen, setOpen] = useState(false);
  const [draftTime, setDraftTime] = useState(new Time(0, 0));
  const current = value === undefined ? own : value;
  const parsed = parseValue(current, withTime);
  const maxValue = parseMinValue(latest) ?? todayInBangkok();

  const ownError = latest === undefined && isAfterToday(parsed) ? "date.afterToday" : undefined;
  const errorText = useErrorText(error ?? (ownError && t(ownError)));

  const commit = (next: string | null) => {
    if (value === undefined) setOwn(next);
    onChange?.(next);
  };

  const pickDay = (day: CalendarDate) => {
    if (withTime) {
      commit(toValue(withTimeOf(day, timeOf(parsed, draftTime)), true));
    } else {
      commit(toValue(day, false));
      setOpen(false);
    }
  };

  const pickTime = (time: Time) => {
    setDraftTime(time);
    if (parsed) commit(toValue(withTimeOf(toCalendarDate(parsed), time), true));
  };

  return (
    <PickerShell
      {...shell}
      placeholder={placeholder ?? t(withTime ? "date.placeholderDateTime" : "date.placeholderDate")}
      display={formatDisplay(parsed, withTime, i18n.language)}
      errorText={errorText}
      isOpen={isOpen}
      onOpenChange={setOpen}
    >
      <SingleCalendar
        value={parsed ? toCalendarDate(parsed) : null}
        onChange={pickDay}
        minValue={parseMinValue(minValue)}
        maxValue={maxValue}
        autoFocus
      />
      {withTime ? (
        <div className="mt-3 border-t border-gray-100 pt-3">
          <TimeInput label={t("date.time")} value={timeOf(parsed, draftTime)} onChange={pickTime} />
        </div>
      ) : null}
      <PickerFooter
        canClear={current !== null && current !== ""}
        onClear={() => {
          commit(null);
          setOpen(false);
        }}
        onDone={() => setOpen(false)}
      />
    </PickerShell>
  );
}
