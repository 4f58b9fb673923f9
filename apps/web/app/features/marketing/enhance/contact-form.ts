type Fetch = typeof fetch;

interface ErrorBody {
  error?: { message?: string; details?: { path: string; message: string }[] };
}

/**
 * Sends the contact form as JSON in the page's language. The server validates (one set of rules,
 * translated messages); this script shows its answer beside the fields.
 */
export function initContactForm(doc: Document, fetchImpl: Fetch = fetch): void {
  const form = doc.querySelector<HTMLFormElement>("form[data-contact-form]");
  if (!form) return;
  const status = form.querySelector<HTMLElement>("[data-form-status]");
  const submit = form.querySelector<HTMLButtonElement>("button[type=submit]");
  const lang = doc.documentElement.lang || "th";

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
      let first: HTMLElement | null = null;
      for (const detail of details) {
        if (!/^\w+$/.test(detail.path)) continue;
        const field = form.querySelector<HTMLElement>(`[name="${detail.path}"]`);
        const message = form.querySelector<HTMLElement>(`[data-error-for="${detail.path}"]`);
        if (!field || !message) continue;
        field.setAttribute("aria-invalid", "true");
        message.textContent = detail.message;
        message.hidden = false;
        first ??= field;
      }
      showStatus(
        details.length > 0
          ? (form.dataset.fixErrors ?? "")
          : (data.error?.message ?? form.dataset.failed ?? ""),
        "error",
      );
      first?.focus();
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
