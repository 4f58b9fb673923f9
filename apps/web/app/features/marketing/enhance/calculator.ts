import { estimateCredits } from "../calculator-model";
import { formatCount } from "../format";

/** Live credit calculator: the prerendered result is recomputed on every keystroke. */
export function initCalculator(doc: Document): void {
  for (const form of doc.querySelectorAll<HTMLFormElement>("form[data-sms-calculator]")) {
    const text = form.querySelector<HTMLTextAreaElement>("textarea");
    const recipients = form.querySelector<HTMLInputElement>("input[type=number]");
    if (!text || !recipients) continue;
    const set = (field: string, value: string) => {
      for (const el of form.querySelectorAll<HTMLElement>(`[data-calc="${field}"]`)) el.textContent = value;
    };
    const update = () => {
      const r = estimateCredits(text.value, Number(recipients.value));
      set("length", formatCount(r.length));
      set("perPart", formatCount(r.perPart));
      set("parts", formatCount(r.parts));
      set("credits", formatCount(r.credits));
      set("remaining", formatCount(r.remaining));
      if (r.recipientsValid) recipients.removeAttribute("aria-invalid");
      else recipients.setAttribute("aria-invalid", "true");
      set("forcingChar", r.forcingChar ?? "");
      set("forcingPosition", formatCount(r.forcingPosition ?? 0));
      for (const el of form.querySelectorAll<HTMLElement>("[data-calc-when]")) {
        const when = el.dataset.calcWhen;
        el.hidden =
          when === "unicode"
            ? !r.unicode
            : when === "single-byte"
              ? r.unicode
              : when === "recipients-invalid"
                ? r.recipientsValid
                : false;
      }
    };
    form.addEventListener("input", update);
    form.addEventListener("submit", (event) => event.preventDefault());
    update();
  }
}
