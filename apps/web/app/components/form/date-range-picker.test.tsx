import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { i18next } from "~/lib/i18n";
import { day, freezeCalendarClock, openCalendar } from "./calendar-test-utils";
import { DateRangePicker } from "./date-range-picker";

freezeCalendarClock();

// Calendar grids are heavy in jsdom; on a busy 2-core CI a test can take several seconds.
describe("DateRangePicker", { timeout: 20_000 }, () => {
  it("picks a start and an end as ISO strings", async () => {
    const onChange = vi.fn();
    render(<DateRangePicker label="Period" onChange={onChange} />);
    const input = screen.getByRole("textbox", { name: "Period" });
    expect(input).toHaveAttribute("readonly");
    const dialog = await openCalendar();
    await userEvent.click(day(dialog, 3));
    await userEvent.click(day(dialog, 9));
    expect(onChange).toHaveBeenLastCalledWith({ start: "2026-05-03", end: "2026-05-09" });
    expect(input).toHaveValue("2026-05-03 – 2026-05-09");
  });

  it("never allows an end after today", async () => {
    render(<DateRangePicker label="Period" />);
    const dialog = await openCalendar();
    await userEvent.click(day(dialog, 10));
    expect(day(dialog, 14)).not.toHaveAttribute("aria-disabled");
    expect(day(dialog, 15)).toHaveAttribute("aria-disabled", "true");
  });

  it("limits the span once the first day is picked", async () => {
    const onChange = vi.fn();
    render(<DateRangePicker label="Period" maxSpanDays={7} onChange={onChange} />);
    const dialog = await openCalendar();
    expect(within(dialog).getByText("Up to 7 days.")).toBeInTheDocument();
    await userEvent.click(day(dialog, 1));
    // 1–7 May is 7 days; the 8th would make 8.
    expect(day(dialog, 7)).not.toHaveAttribute("aria-disabled");
    expect(day(dialog, 8)).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(day(dialog, 8));
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.click(day(dialog, 7));
    expect(onChange).toHaveBeenLastCalledWith({ start: "2026-05-01", end: "2026-05-07" });
  });

  it("shows a translated error when a given range is too long", async () => {
    const { rerender } = render(
      <DateRangePicker label="Period" maxSpanDays={7} value={{ start: "2026-05-01", end: "2026-05-08" }} />,
    );
    expect(screen.getByRole("textbox", { name: "Period" })).toHaveAccessibleDescription(
      "* The range can be at most 7 days.",
    );
    await i18next.changeLanguage("th");
    rerender(
      <DateRangePicker label="ช่วง" maxSpanDays={7} value={{ start: "2026-05-01", end: "2026-05-08" }} />,
    );
    expect(screen.getByText("* เลือกช่วงวันที่ได้ไม่เกิน 7 วัน")).toBeInTheDocument();
  });

  it("flags an end after today", () => {
    render(<DateRangePicker label="Period" value={{ start: "2026-05-01", end: "2026-05-15" }} />);
    expect(screen.getByText("* Dates after today cannot be selected.")).toBeInTheDocument();
  });

  it("with time: whole days by default, 24 h times, YYYY-MM-DD HH:mm", async () => {
    const onChange = vi.fn();
    render(<DateRangePicker label="Period" withTime onChange={onChange} />);
    const input = screen.getByRole("textbox", { name: "Period" });
    const dialog = await openCalendar();
    expect(within(dialog).getByText("Start time")).toBeInTheDocument();
    await userEvent.click(day(dialog, 2));
    await userEvent.click(day(dialog, 4));
    expect(onChange).toHaveBeenLastCalledWith({ start: "2026-05-02T00:00", end: "2026-05-04T23:59" });
    expect(input).toHaveValue("2026-05-02 00:00 – 2026-05-04 23:59");
    const [startHour] = within(dialog).getAllByRole("spinbutton");
    await userEvent.click(startHour as HTMLElement);
    await userEvent.keyboard("{ArrowDown}");
    expect(onChange).toHaveBeenLastCalledWith({ start: "2026-05-02T23:00", end: "2026-05-04T23:59" });
  });

  it("uses the Buddhist calendar in Thai and keeps values Gregorian", async () => {
    await i18next.changeLanguage("th");
    const onChange = vi.fn();
    render(<DateRangePicker label="ช่วง" onChange={onChange} />);
    const input = screen.getByRole("textbox", { name: "ช่วง" });
    const dialog = await openCalendar("เลือกจากปฏิทิน");
    expect(within(dialog).getByRole("grid")).toHaveAccessibleName("พฤษภาคม 2569");
    await userEvent.click(day(dialog, 1));
    await userEvent.click(day(dialog, 2));
    expect(onChange).toHaveBeenLastCalledWith({ start: "2026-05-01", end: "2026-05-02" });
    expect(input).toHaveValue("2569-05-01 – 2569-05-02");
  });
});
