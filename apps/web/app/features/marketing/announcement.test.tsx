import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { i18next } from "~/lib/i18n";
import { ANNOUNCEMENT_ID, ANNOUNCEMENT_STORAGE_KEY, announcementVisible } from "./announcement";
import { AnnouncementBar } from "./components/announcement-bar";
import { initAnnouncement } from "./enhance/announcement";
import { SITE } from "./site";

const until = new Date("2023-08-16T00:00:00+07:00");
const before = new Date("2023-08-15T23:59:00+07:00");
const after = new Date("2023-08-16T00:00:00+07:00");

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
}

describe("announcement bar (injected clock)", () => {
  beforeEach(() => i18next.changeLanguage("th"));

  it("defaults to a cut-off in August 2023, so it is hidden today", () => {
    expect(SITE.announcementUntil.toISOString()).toBe("2023-08-15T17:00:00.000Z");
    expect(announcementVisible(new Date(), SITE.announcementUntil)).toBe(false);
  });

  it("shows the promotion before the cut-off", () => {
    render(<AnnouncementBar locale="th" now={before} until={until} />);
    const bar = screen.getByRole("region", { name: "ประกาศโปรโมชัน" });
    expect(bar).toHaveTextContent("799 บาท");
    expect(screen.getByRole("link", { name: "ดูแพ็กเกจ" })).toHaveAttribute("href", "/clients/packages");
  });

  it("renders nothing from the cut-off on", () => {
    const { container } = render(<AnnouncementBar locale="en" now={after} until={until} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("the script hides a bar built before the cut-off once the visitor's clock passes it", () => {
    render(<AnnouncementBar locale="en" now={before} until={until} />);
    const storage = memoryStorage();
    initAnnouncement(document, { now: () => before, storage });
    expect(document.getElementById("announcement")).toBeVisible();
    initAnnouncement(document, { now: () => after, storage });
    expect(document.getElementById("announcement")).not.toBeVisible();
  });

  it("closes for good and remembers it", async () => {
    await i18next.changeLanguage("en");
    render(<AnnouncementBar locale="en" now={before} until={until} />);
    const storage = memoryStorage();
    initAnnouncement(document, { now: () => before, storage });
    await userEvent.click(screen.getByRole("button", { name: "Close the promotion" }));
    expect(document.getElementById("announcement")).not.toBeVisible();
    expect(storage.data.get(ANNOUNCEMENT_STORAGE_KEY)).toBe(ANNOUNCEMENT_ID);
  });

  it("stays hidden for a visitor who closed it before", () => {
    render(<AnnouncementBar locale="th" now={before} until={until} />);
    const storage = memoryStorage();
    storage.setItem(ANNOUNCEMENT_STORAGE_KEY, ANNOUNCEMENT_ID);
    initAnnouncement(document, { now: () => before, storage });
    expect(document.getElementById("announcement")).not.toBeVisible();
  });
});
