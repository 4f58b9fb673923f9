import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DEFAULT_SCHEDULE } from "./schedule";
import { useScheduleChoice } from "./use-schedule-choice";

describe("useScheduleChoice", () => {
  it("sends now by default, with nothing to check", () => {
    const { result } = renderHook(() => useScheduleChoice());
    expect(result.current.scheduling).toBe(false);
    let ok = false;
    act(() => {
      ok = result.current.check();
    });
    expect(ok).toBe(true);
    expect(result.current.problem).toBeNull();
  });

  it("shows a one-time send's missing time only once the form was submitted, and refuses it", () => {
    const { result } = renderHook(() => useScheduleChoice({ ...DEFAULT_SCHEDULE, mode: "once" }));
    expect(result.current.scheduling).toBe(true);
    expect(result.current.problem).toBeNull();
    let ok = true;
    act(() => {
      ok = result.current.check();
    });
    expect(ok).toBe(false);
    expect(result.current.problem).toEqual({ path: "run_at", key: "schedules.validation.run_at_required" });
    act(() => result.current.setSchedule(DEFAULT_SCHEDULE));
    expect(result.current.problem).toBeNull();
  });
});
