import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ReactElement, useState } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { day, NOON_BANGKOK, openCalendar } from "~/components/form/calendar-test-utils";
import { i18next } from "~/lib/i18n";
import {
  cronOf,
  DEFAULT_SCHEDULE,
  type ScheduleValue,
  scheduleFields,
  scheduleProblem,
} from "../lib/schedule";
import { ScheduleFields } from "./schedule-fields";

let latest: ScheduleValue = DEFAULT_SCHEDULE;

/** The fields with their state, checked as a submitted form would be. */
function Harness({ initial }: { initial: Partial<ScheduleValue> }) {
  const [value, setValue] = useState<ScheduleValue>({ ...DEFAULT_SCHEDULE, ...initial });
  latest = value;
  return (
    <ScheduleFields
      value={value}
      onChange={setValue}
      problem={scheduleProblem(value, NOON_BANGKOK)}
      now={NOON_BANGKOK}
    />
  );
}

/** The page's language comes from its path: Thai at /…, English at /en/…. */
const renderAt = (ui: ReactElement) =>
  render(<MemoryRouter initialEntries={[i18next.language === "en" ? "/en/x" : "/x"]}>{ui}</MemoryRouter>);

const RECURRING: Partial<ScheduleValue> = {
  mode: "recurring",
  runAt: "2026-05-15T00:00",
  endsAt: "2026-08-31T23:00",
};

const runs = () =>
  within(screen.getByTestId("schedule-next-runs"))
    .getAllByRole("listitem")
    .map((li) => li.textContent);

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOON_BANGKOK);
  await i18next.changeLanguage("en");
});
afterEach(() => {
  vi.useRealTimers();
  latest = DEFAULT_SCHEDULE;
});

describe("ScheduleFields", () => {
  it("sends now by default, and asks for the date and time of a one-time send", async () => {
    const user = userEvent.setup();
    renderAt(<Harness initial={{}} />);
    expect(screen.getByRole("radio", { name: "Send now" })).toBeChecked();
    expect(scheduleFields(latest)).toBeNull();
    await user.click(screen.getByRole("radio", { name: "Once, at a date and time" }));
    expect(screen.getByText(/Please choose the send date and time\./)).toBeInTheDocument();
    const dialog = await openCalendar();
    await user.click(day(dialog, 20));
    await user.click(within(dialog).getByRole("button", { name: "Done" }));
    // Not midnight, inside the hours advertising is discouraged (D38): 09:00 on another day.
    expect(latest.runAt).toBe("2026-05-20T09:00");
    expect(scheduleFields(latest)).toEqual({ run_at: "2026-05-20 09:00" });
    expect(screen.queryByText(/Please choose the send date and time\./)).not.toBeInTheDocument();
  });

  it("makes the presets' cron: daily, weekly on the chosen days, monthly on a date", async () => {
    const user = userEvent.setup();
    renderAt(<Harness initial={RECURRING} />);
    expect(cronOf(latest)).toBe("0 9 * * *");
    // The expression is shown for a custom schedule only (D37).
    expect(screen.queryByTestId("schedule-cron-expression")).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole("combobox", { name: "Repeat" }), "weekly");
    await user.click(screen.getByRole("checkbox", { name: "Wednesday" }));
    expect(cronOf(latest)).toBe("0 9 * * 1,3");
    await user.click(screen.getByRole("checkbox", { name: "Monday" }));
    expect(cronOf(latest)).toBe("0 9 * * 3");
    await user.click(screen.getByRole("checkbox", { name: "Wednesday" }));
    expect(screen.getByText(/Please choose at least one day\./)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole("combobox", { name: "Repeat" }), "monthly");
    await user.selectOptions(screen.getByRole("combobox", { name: "Day of the month" }), "15");
    expect(cronOf(latest)).toBe("0 9 15 * *");
    expect(scheduleFields(latest)).toEqual({
      run_at: "2026-05-15 00:00",
      cron: "0 9 15 * *",
      ends_at: "2026-08-31 23:00",
    });
  });

  it("shows the next five sends and the pattern in words, in English", async () => {
    const user = userEvent.setup();
    renderAt(<Harness initial={{ ...RECURRING, repeat: "weekly", weekdays: [1] }} />);
    await user.click(screen.getByRole("checkbox", { name: "Wednesday" }));
    expect(runs()).toEqual([
      "Mon 18 May 2026 09:00",
      "Wed 20 May 2026 09:00",
      "Mon 25 May 2026 09:00",
      "Wed 27 May 2026 09:00",
      "Mon 01 Jun 2026 09:00",
    ]);
    expect(await screen.findByTestId("schedule-description")).toHaveTextContent(
      "Every Monday and Wednesday at 09:00",
    );
  });

  it("shows them in Thai with Buddhist-era years", async () => {
    await i18next.changeLanguage("th");
    renderAt(<Harness initial={{ ...RECURRING, repeat: "monthly", monthDay: 15 }} />);
    expect(runs()[0]).toMatch(/15 พ\.ค\. 2569 09:00/);
    expect(runs()).toHaveLength(4);
    expect(await screen.findByTestId("schedule-description")).toHaveTextContent(
      "ทุกวันที่ 15 ของเดือน เวลา 09:00 น.",
    );
  });

  it("stops the list at the end time", () => {
    renderAt(<Harness initial={{ ...RECURRING, endsAt: "2026-05-17T09:00" }} />);
    expect(runs()).toEqual(["Fri 15 May 2026 09:00", "Sat 16 May 2026 09:00", "Sun 17 May 2026 09:00"]);
  });

  it("says what is wrong with a custom cron expression", async () => {
    const user = userEvent.setup();
    renderAt(<Harness initial={{ ...RECURRING, repeat: "custom" }} />);
    const cron = screen.getByRole("textbox", { name: /Cron expression/ });
    await user.type(cron, "61 9 * * *");
    expect(screen.getByTestId("schedule-cron-expression")).toHaveTextContent("61 9 * * *");
    expect(screen.getByText(/The minute field is invalid/)).toBeInTheDocument();
    expect(screen.queryByTestId("schedule-next-runs")).not.toBeInTheDocument();
    await user.clear(cron);
    await user.type(cron, "0 * * * *");
    await act(async () => {});
    expect(screen.queryByText(/The minute field is invalid/)).not.toBeInTheDocument();
    await user.clear(cron);
    await user.type(cron, "*/30 9 * * *");
    expect(screen.getByText(/A recurring campaign may be sent at most once an hour/)).toBeInTheDocument();
  });

  it("refuses an end before the start", () => {
    renderAt(<Harness initial={{ ...RECURRING, endsAt: "2026-05-14T23:00" }} />);
    expect(screen.getByText(/The end time must be after the start time\./)).toBeInTheDocument();
  });
});
