import { useState } from "react";
import { DEFAULT_SCHEDULE, type ScheduleValue, scheduleProblem } from "./schedule";

/**
 * A send form's "when" (ADR 72): the value of ScheduleFields, whether it schedules rather than
 * sends now, and its problem, shown once the form has been submitted (`check`).
 */
export function useScheduleChoice(initial: ScheduleValue = DEFAULT_SCHEDULE) {
  const [schedule, setSchedule] = useState<ScheduleValue>(initial);
  const [checked, setChecked] = useState(false);
  return {
    schedule,
    setSchedule,
    scheduling: schedule.mode !== "now",
    problem: checked ? scheduleProblem(schedule, new Date()) : null,
    /** Shows the time's problem from now on; true when the time may be used. */
    check: () => {
      setChecked(true);
      return scheduleProblem(schedule, new Date()) === null;
    },
  };
}
