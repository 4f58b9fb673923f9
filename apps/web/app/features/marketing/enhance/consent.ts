import { CONSENT_EVENT, type ConsentChoice, consentCookie, readConsent } from "../consent";

/** Banner buttons (equally easy accept-all / reject-all) and the settings form on the cookie page. */
export function initConsent(doc: Document, now: () => Date = () => new Date()): void {
  const banner = doc.getElementById("cookie-consent");
  const save = (choice: ConsentChoice) => {
    doc.cookie = consentCookie(choice, now());
    if (banner) banner.hidden = true;
    doc.dispatchEvent(new CustomEvent(CONSENT_EVENT, { detail: choice }));
  };
  for (const button of doc.querySelectorAll<HTMLButtonElement>("[data-consent]")) {
    button.addEventListener("click", () => {
      const all = button.dataset.consent === "accept";
      save({ analytics: all, marketing: all });
    });
  }
  const form = doc.querySelector<HTMLFormElement>("form[data-consent-form]");
  if (!form) return;
  const status = form.querySelector<HTMLElement>("[data-consent-status]");
  const box = (name: string) => form.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const current = readConsent(doc.cookie);
  const showState = (chosen: boolean) => {
    if (status) status.textContent = chosen ? (status.dataset.custom ?? "") : (status.dataset.none ?? "");
  };
  if (current) {
    const analytics = box("analytics");
    const marketing = box("marketing");
    if (analytics) analytics.checked = current.analytics;
    if (marketing) marketing.checked = current.marketing;
  }
  showState(current !== null);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    save({ analytics: box("analytics")?.checked === true, marketing: box("marketing")?.checked === true });
    if (status) status.textContent = status.dataset.saved ?? "";
  });
}
