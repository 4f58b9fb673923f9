import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, vi } from "vitest";
import { i18next } from "~/lib/i18n";

/** 14 May 2026, noon in Bangkok. Only Date is faked so user-event's timers still run. */
export const NOON_BANGKOK = new Date("2026-05-14T05:00:00Z");

/** A day button of the open calendar, in English or Thai (Buddhist year). */
export function day(dialog: HTMLElement, n: number): HTMLElement {
  return within(dialog).getByRole("button", { name: new RegExp(`May ${n}, 2026|(^|\\D)${n} พฤษภาคม 2569`) });
}

export async function openCalendar(name = "Choose from the calendar") {
  await userEvent.click(screen.getByRole("button", { name }));
  return screen.findByRole("dialog");
}

/** Freezes "today" at NOON_BANGKOK and renders in English for each test of the calling file. */
export function freezeCalendarClock(): void {
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOON_BANGKOK);
    await i18next.changeLanguage("en");
  });
  afterEach(async () => {
    vi.useRealTimers();
    await i18next.changeLanguage("th");
  });
}
