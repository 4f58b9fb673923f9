import type { Time } from "@internationalized/date";
import { DateInput, DateSegment, Label, TimeField } from "react-aria-components/TimeField";

/** 24-hour clock in both languages (spec §5: "HH:mm 24h"). */
export function TimeInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: Time;
  onChange: (time: Time) => void;
}) {
  return (
    <TimeField
      value={value}
      onChange={(next) => next && onChange(next)}
      hourCycle={24}
      granularity="minute"
      shouldForceLeadingZeros
      className="flex items-center justify-between gap-3"
    >
      <Label className="text-sm text-gray-700">{label}</Label>
      <DateInput className="flex rounded-md border border-gray-300 px-2 py-1 text-sm tabular-nums focus-within:border-primary-600 focus-within:outline-2 focus-within:outline-primary-600/30">
        {(segment) => (
          <DateSegment
            segment={segment}
            className="rounded px-0.5 outline-none data-focused:bg-primary-700 data-focused:text-white data-placeholder:text-gray-400"
          />
        )}
      </DateInput>
    </TimeField>
  );
}
