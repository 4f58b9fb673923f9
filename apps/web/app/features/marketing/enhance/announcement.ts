import { ANNOUNCEMENT_ID, ANNOUNCEMENT_STORAGE_KEY, announcementVisible } from "../announcement";

/** Re-checks the cut-off with the visitor's clock and makes the bar closable for good. */
export function initAnnouncement(
  doc: Document,
  { now = () => new Date(), storage }: { now?: () => Date; storage: Pick<Storage, "getItem" | "setItem"> },
): void {
  const bar = doc.getElementById("announcement");
  if (!bar) return;
  const until = new Date(Number(bar.dataset.until));
  let dismissed = false;
  try {
    dismissed = storage.getItem(ANNOUNCEMENT_STORAGE_KEY) === ANNOUNCEMENT_ID;
  } catch {
    // Storage may be blocked; the bar then simply shows until closed on this page.
  }
  if (dismissed || !announcementVisible(now(), until)) {
    bar.hidden = true;
    return;
  }
  bar.querySelector<HTMLButtonElement>("[data-announcement-close]")?.addEventListener("click", () => {
    bar.hidden = true;
    try {
      storage.setItem(ANNOUNCEMENT_STORAGE_KEY, ANNOUNCEMENT_ID);
    } catch {
      // Closing still works for this page view.
    }
    doc.getElementById("main")?.focus();
  });
}
