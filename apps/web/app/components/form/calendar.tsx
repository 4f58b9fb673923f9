import { type CalendarDate, isSameDay } from "@internationalized/date";
import {
  Calendar as AriaCalendar,
  Button,
  CalendarCell,
  type CalendarCellRenderProps,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  Heading,
} from "react-aria-components/Calendar";
import { RangeCalendar as AriaRangeCalendar, type DateRange } from "react-aria-components/RangeCalendar";
import { useTranslation } from "react-i18next";
import { todayInBangkok } from "./date-utils";
import { ChevronIcon } from "./icons";

const navButton =
  "flex size-9 items-center justify-center rounded-md text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary-600 disabled:cursor-not-allowed disabled:text-gray-300 disabled:hover:bg-transparent";

/** react-aria ships no Thai strings, so the month buttons are named from our catalog. */
function CalendarHeader() {
  const { t } = useTranslation("ui");
  return (
    <header className="mb-2 flex items-center justify-between gap-2">
      <Button slot="previous" aria-label={t("date.previousMonth")} className={navButton}>
        <ChevronIcon direction="left" />
      </Button>
      <Heading className="text-sm font-semibold text-gray-900" />
      <Button slot="next" aria-label={t("date.nextMonth")} className={navButton}>
        <ChevronIcon direction="right" />
      </Button>
    </header>
  );
}

function cellClass(
  {
    isSelected,
    isDisabled,
    isUnavailable,
    isFocusVisible,
    date,
    isSelectionStart,
    isSelectionEnd,
  }: CalendarCellRenderProps,
  isRange: boolean,
  today: CalendarDate,
): string {
  const edge = isSelectionStart || isSelectionEnd;
  const isToday = isSameDay(date, today);
  return [
    "flex size-9 cursor-pointer items-center justify-center text-sm outline-none tabular-nums",
    isRange && isSelected && !edge ? "bg-primary-100 text-primary-800" : "rounded-md",
    (isSelected && !isRange) || edge ? "rounded-md bg-primary-700 font-semibold text-white" : "",
    !isSelected && !isDisabled && !isUnavailable ? "hover:bg-gray-100" : "",
    isDisabled || isUnavailable ? "cursor-not-allowed text-gray-300" : "",
    isUnavailable ? "line-through" : "",
    isToday && !isSelected ? "font-semibold text-primary-700 underline decoration-2 underline-offset-4" : "",
    isFocusVisible ? "ring-2 ring-primary-600 ring-offset-1" : "",
  ]
    .filter(Boolean)
    .join(" ");
}

function Grid({ isRange }: { isRange: boolean }) {
  // Today in Bangkok, whatever the browser's time zone: react-aria's `isToday` follows the browser,
  // and takes no time zone (a customer abroad saw tomorrow's date marked from 17:00 UTC). Once per
  // render of the grid, not per cell.
  const today = todayInBangkok();
  return (
    <CalendarGrid className="border-separate border-spacing-y-0.5">
      <CalendarGridHeader>
        {(day) => (
          <CalendarHeaderCell className="pb-1 text-xs font-medium text-gray-500">{day}</CalendarHeaderCell>
        )}
      </CalendarGridHeader>
      <CalendarGridBody>
        {(date) => (
          <CalendarCell
            date={date}
            className={(state) =>
              `${cellClass(state, isRange, today)} ${state.isOutsideMonth ? "invisible" : ""}`
            }
          />
        )}
      </CalendarGridBody>
    </CalendarGrid>
  );
}

interface BaseCalendarProps {
  minValue?: CalendarDate | null | undefined;
  maxValue: CalendarDate;
  "aria-label"?: string;
  autoFocus?: boolean;
}

export function SingleCalendar({
  value,
  onChange,
  ...props
}: BaseCalendarProps & { value: CalendarDate | null; onChange: (value: CalendarDate) => void }) {
  return (
    <AriaCalendar
      {...props}
      value={value}
      onChange={(next) => onChange(next as CalendarDate)}
      className="w-fit"
    >
      <CalendarHeader />
      <Grid isRange={false} />
    </AriaCalendar>
  );
}

/** `maxSpanDays` greys out days that would make the range longer once the first day is picked. */
export function RangeCalendar({
  value,
  onChange,
  maxSpanDays,
  ...props
}: BaseCalendarProps & {
  value: DateRange | null;
  onChange: (value: { start: CalendarDate; end: CalendarDate }) => void;
  maxSpanDays?: number | undefined;
}) {
  return (
    <AriaRangeCalendar
      {...props}
      value={value}
      onChange={(next) => onChange({ start: next.start as CalendarDate, end: next.end as CalendarDate })}
      isDateUnavailable={
        maxSpanDays
          ? (date, anchor) =>
              anchor !== null && anchor !== undefined && Math.abs(date.compare(anchor)) >= maxSpanDays
          : undefined
      }
      className="w-fit"
    >
      <CalendarHeader />
      <Grid isRange />
    </AriaRangeCalendar>
  );
}
