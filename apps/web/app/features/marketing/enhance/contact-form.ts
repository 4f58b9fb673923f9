import { type ContactField, contactFormIssues } from "@sms/domain/contracts/contact-rules";
import { sanitizeEmail } from "~/components/form/sanitize";

type Fetch = typeof fetch;

interface ErrorBody {
  error?: { message?: string; details?: { path: string; message: string }[] };
}

/**
 * Checks the contact form with the server's own rules (contact-rules.ts) before sending, then
 * sends it as JSON in the page's language and shows the server's answer beside the fields. Every
 * text comes from the rendered HTML: the messages in `data-messages`, in the page's language.
 */
export function initContactForm(doc: Document, fetchImpl: Fetch = fetch): void {
  const form = doc.querySelector<HTMLFormElement>("form[data-contact-form]");
  if (!form) return;
  const status = form.querySelector<HTMLElement>("[data-form-status]");
  const submit = form.querySelector<HTMLButtonElement>("button[type=submit]");
  const lang = doc.documentElement.lang || "th";
  const messages = JSON.parse(form.dataset.messages ?? "{}") as Record<string, string>;

  filterEmail(form);

  const clearErrors = () => {
    for (const el of form.querySelectorAll<HTMLElement>("[data-error-for]")) {
      el.hidden = true;
      el.textContent = "";
    }
    for (const el of form.querySelectorAll<HTMLElement>("[aria-invalid]")) el.removeAttribute("aria-invalid");
  };
  const showStatus = (message: string, kind: "success" | "error") => {
    if (!status) return;
    status.textContent = message;
    status.dataset.kind = kind;
    status.hidden = false;
  };
  /** "* message" under each field (spec §5); the first message of a field wins. Focuses the first. */
  const showFieldErrors = (details: { path: string; message: string }[]) => {
    let first: HTMLElement | null = null;
    for (const detail of details) {
      if (!/^\w+$/.test(detail.path)) continue;
      const field = form.querySelector<HTMLElement>(`[name="${detail.path}"]`);
      const message = form.querySelector<HTMLElement>(`[data-error-for="${detail.path}"]`);
      if (!field || !message?.hidden) continue;
      field.setAttribute("aria-invalid", "true");
      message.textContent = `* ${detail.message}`;
      message.hidden = false;
      first ??= field;
    }
    first?.focus();
  };

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (submit?.disabled) return;
    clearErrors();
    if (status) status.hidden = true;
    const body = Object.fromEntries(
      Array.from(new FormData(form).entries()).map(([key, value]) => [
        key,
        typeof value === "string" ? value : "",
      ]),
    );
    const issues = Object.entries(contactFormIssues(body as Partial<Record<ContactField, string>>));
    if (issues.length > 0) {
      showFieldErrors(issues.map(([path, key]) => ({ path, message: messages[key] ?? "" })));
      showStatus(form.dataset.fixErrors ?? "", "error");
      return;
    }
    const idleLabel = submit?.textContent ?? "";
    if (submit) {
      submit.disabled = true;
      submit.textContent = submit.dataset.sending ?? idleLabel;
    }
    try {
      const res = await fetchImpl(form.action, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json", "accept-language": lang },
        body: JSON.stringify(body),
      });
      if (res.ok) {
        form.reset();
        showStatus(form.dataset.success ?? "", "success");
        return;
      }
      const data = (await res.json().catch(() => ({}))) as ErrorBody;
      const details = data.error?.details ?? [];
      showStatus(
        details.length > 0
          ? (form.dataset.fixErrors ?? "")
          : (data.error?.message ?? form.dataset.failed ?? ""),
        "error",
      );
      showFieldErrors(details);
    } catch {
      showStatus(form.dataset.failed ?? "", "error");
    } finally {
      if (submit) {
        submit.disabled = false;
        submit.textContent = idleLabel;
      }
    }
  });
}

/** The app's e-mail typing filter (spec §5): blocked characters are dropped, and the hint says why. */
function filterEmail(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>("input[data-filter=email]");
  const hint = input ? form.querySelector<HTMLElement>(`[data-hint-for="${input.name}"]`) : null;
  if (!input || !hint) return;
  const errorId = input.getAttribute("aria-describedby") ?? "";
  input.addEventListener("input", () => {
    const clean = sanitizeEmail(input.value);
    const blocked = clean !== input.value;
    if (blocked) input.value = clean;
    hint.textContent = blocked ? (hint.dataset.hint ?? "") : "";
    input.setAttribute("aria-describedby", blocked ? `${errorId} ${hint.id}` : errorId);
  });
}
