/** The promotional bar (spec §2): visible only before its cut-off and until the visitor closes it. */
export const ANNOUNCEMENT_ID = "promo-799-1500";
export const ANNOUNCEMENT_STORAGE_KEY = "announcement-dismissed";

export function announcementVisible(now: Date, until: Date): boolean {
  return now.getTime() < until.getTime();
}

/**
 * Inline, right after the bar: the page may have been built before the cut-off but be read after
 * it, or the visitor closed it earlier; hiding it before first paint avoids a layout shift.
 */
export function hideAnnouncementScript(until: Date): string {
  return `(function(){var b=document.getElementById("announcement");try{if(Date.now()>=${until.getTime()}||localStorage.getItem("${ANNOUNCEMENT_STORAGE_KEY}")==="${ANNOUNCEMENT_ID}")b.hidden=true}catch(e){}})()`;
}
