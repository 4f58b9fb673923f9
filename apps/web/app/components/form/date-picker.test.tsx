import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { i18next } from "~/lib/i18n";
import { day, freezeCalendarClock, openCalendar } from "./calendar-test-utils";
import { DatePicker } from "./date-picker";
import { formatDisplay, parseValue, toValue } from "./date-utils";

freezeCalendarClock();

// Calendar grids are heavy in jsdom; on a busy 2-core CI a test can take several seconds.
describe("DatePicker", { timeout: 20_000 }, () => {
  it("is read-only: typing changes nothing", async () => {
    const onChange = vi.fn();
    render(<DatePicker label="Date" onChange={onChange} />);
    const input = screen.getByRole("textbox", { name: "Date" });
    expect(input).toHaveAttribute("readonly");
    expect(input).toHaveAttribute("placeholder", "YYYY-MM-DD");
    await userEvent.type(input, "2026-01-01");
    expect(input).toHaveValue("");
    expect(onChange).not.toHaveBeenCalled();
  });

  it("picks a day from the calendar as a YYYY-MM-DD string and closes", async () => {
    const onChange = vi.fn();
    render(<DatePicker label="Date" onChange={onChange} />);
    const dialog = await openCalendar();
    await userEvent.click(day(dialog, 10));
    expect(onChange).toHaveBeenLastCalledWith("2026-05-10");
    expect(screen.getByRole("textbox", { name: "Date" })).toHaveValue("2026-05-10");
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("opens from the keyboard on the text box", async () => {
    render(<DatePicker label="Date" />);
    await userEvent.tab();
    expect(screen.getByRole("textbox", { name: "Date" })).toHaveFocus();
    await userEvent.keyboard("{Enter}");
    expect(await screen.findByRole("dialog")).toBeInTheDocument();
  });

  it("never allows a day after today", async () => {
    render(<DatePicker label="Date" />);
    const dialog = await openCalendar();
    expect(day(dialog, 14)).not.toHaveAttribute("aria-disabled");
    expect(day(dialog, 15)).toHaveAttribute("aria-disabled", "true");
    expect(within(dialog).getByRole("button", { name: "Next month" })).toBeDisabled();
  });

  it("takes today from Bangkok, not from the machine clock", async () => {
    // 18:00 UTC on the 14th is already 01:00 on the 15th in Bangkok.
    vi.setSystemTime(new Date("2026-05-14T18:00:00Z"));
    render(<DatePicker label="Date" />);
    const dialog = await openCalendar();
    expect(day(dialog, 15)).not.toHaveAttribute("aria-disabled");
    expect(day(dialog, 16)).toHaveAttribute("aria-disabled", "true");
  });

  it("marks Bangkok's today in the calendar, not the machine's", async () => {
    // 18:00 UTC on the 14th is already the 15th in Bangkok (the test machines run on UTC).
    vi.setSystemTime(new Date("2026-05-14T18:00:00Z"));
    render(<DatePicker label="Date" />);
    const dialog = await openCalendar();
    expect(day(dialog, 15)).toHaveClass("underline");
    expect(day(dialog, 14)).not.toHaveClass("underline");
  });

  it("flags a value after today with a translated * error", () => {
    render(<DatePicker label="Date" value="2026-05-20" />);
    const input = screen.getByRole("textbox", { name: "Date" });
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("* Dates after today cannot be selected.");
  });

  it("respects minValue", async () => {
    render(<DatePicker label="Date" minValue="2026-05-05" />);
    const dialog = await openCalendar();
    expect(day(dialog, 4)).toHaveAttribute("aria-disabled", "true");
    expect(day(dialog, 5)).not.toHaveAttribute("aria-disabled");
  });

  it("shows the Buddhist calendar in Thai and keeps the value Gregorian", async () => {
    await i18next.changeLanguage("th");
    const onChange = vi.fn();
    render(<DatePicker label="วันที่" onChange={onChange} />);
    const dialog = await openCalendar("เลือกจากปฏิทิน");
    expect(within(dialog).getByRole("grid")).toHaveAccessibleName("พฤษภาคม 2569");
    expect(within(dialog).getByRole("button", { name: "เดือนก่อนหน้า" })).toBeInTheDocument();
    await userEvent.click(day(dialog, 10));
    expect(onChange).toHaveBeenLastCalledWith("2026-05-10");
    expect(screen.getByRole("textbox", { name: "วันที่" })).toHaveValue("2569-05-10");
  });

  it("with time: keeps a 24 h time and shows YYYY-MM-DD HH:mm", async () => {
    const onChange = vi.fn();
    render(<DatePicker label="When" withTime defaultValue="2026-05-10T21:05" onChange={onChange} />);
    const input = screen.getByRole("textbox", { name: "When" });
    expect(input).toHaveValue("2026-05-10 21:05");
    const dialog = await openCalendar();
    const hour = within(dialog).getAllByRole("spinbutton")[0];
    expect(hour).toHaveAttribute("aria-valuenow", "21");
    expect(within(dialog).queryByText(/PM|AM/)).toBeNull();
    await userEvent.click(day(dialog, 12));
    expect(onChange).toHaveBeenLastCalledWith("2026-05-12T21:05");
    expect(input).toHaveValue("2026-05-12 21:05");
    await userEvent.click(hour as HTMLElement);
    await userEvent.keyboard("{ArrowUp}");
    expect(onChange).toHaveBeenLastCalledWith("2026-05-12T22:05");
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Done" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("clears the value", async () => {
    const onChange = vi.fn();
    render(<DatePicker label="Date" defaultValue="2026-05-01" onChange={onChange} />);
    const dialog = await openCalendar();
    await userEvent.click(within(dialog).getByRole("button", { name: "Clear" }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole("textbox", { name: "Date" })).toHaveValue("");
  });

  it("marks required and shows the asterisk", () => {
    render(<DatePicker label="Date" isRequired />);
    expect(screen.getByRole("textbox", { name: "Date" })).toHaveAttribute("aria-required", "true");
    expect(screen.getByText("*")).toHaveAttribute("aria-hidden", "true");
  });
});

describe("date values", () => {
  it("round-trips ISO strings and formats Buddhist years for Thai", () => {
    const value = parseValue("2026-01-02T03:04", true);
    expect(value && toValue(value, true)).toBe("2026-01-02T03:04");
    expect(formatDisplay(value, true, "th")).toBe("2569-01-02 03:04");
    expect(formatDisplay(parseValue("2026-01-02", false), false, "en")).toBe("2026-01-02");
    expect(parseValue("not a date", false)).toBeNull();
  });
});
