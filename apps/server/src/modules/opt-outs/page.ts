import type { Locale } from "@sms/domain";
import { type MessageKey, translate } from "../../i18n/index.ts";

/** What the unsubscribe page shows. */
export type OptOutPageState =
  | { kind: "ask" | "done" | "already"; token: string; senderName: string; msisdn: string }
  | { kind: "invalid" };

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** 66812345678 → 081•••5678: enough for its owner to recognise, not the whole number for whoever holds the link. */
export function maskedNumber(msisdn: string): string {
  const local = `0${msisdn.slice(2)}`;
  return `${local.slice(0, 3)}•••${local.slice(-4)}`;
}

const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Noto Sans Thai",
"Segoe UI",sans-serif;background:#f6f4f4;color:#1f1f1f}main{max-width:28rem;margin:0 auto;padding:2rem 1rem}
.card{background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.375rem;margin:0 0 .75rem;color:#8b1a1a}p{margin:0 0 1rem}
button{width:100%;min-height:48px;border:0;border-radius:8px;background:#8b1a1a;color:#fff;font:inherit;
font-weight:600;cursor:pointer}button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.note{font-size:.875rem;color:#555}.lang{display:block;margin-top:1.25rem;text-align:center;color:#8b1a1a}`;

/**
 * The page at `/u/:token` (and after its one-tap form): a few kilobytes of server-rendered HTML and
 * inline CSS, no script, so it opens at once on any phone. The form posts back to the same address.
 */
export function renderOptOutPage(state: OptOutPageState, locale: Locale): string {
  const t = (key: MessageKey, params: Record<string, string> = {}) =>
    escapeHtml(translate(key, locale, params));
  const other: Locale = locale === "th" ? "en" : "th";
  let title: string;
  let body: string;
  if (state.kind === "invalid") {
    title = t("optOut.invalid_title");
    body = `<p>${t("optOut.invalid")}</p>`;
  } else {
    const params = { sender: state.senderName, number: maskedNumber(state.msisdn) };
    const action = `/u/${encodeURIComponent(state.token)}?lang=${locale}`;
    if (state.kind === "ask") {
      title = t("optOut.title");
      body = `<p>${t("optOut.ask", params)}</p>
<form method="post" action="${action}"><button type="submit" data-testid="opt-out-confirm">${t("optOut.button")}</button></form>`;
    } else {
      title = t(state.kind === "done" ? "optOut.done_title" : "optOut.already_title");
      body = `<p data-testid="opt-out-result">${t(state.kind === "done" ? "optOut.done" : "optOut.already", params)}</p>`;
    }
    body += `<p class="note">${t("optOut.note")}</p>`;
  }
  const switchHref =
    state.kind === "invalid" ? `?lang=${other}` : `/u/${encodeURIComponent(state.token)}?lang=${other}`;
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${title}</title><style>${STYLE}</style></head>
<body><main><div class="card"><h1>${title}</h1>
${body}</div><a class="lang" href="${switchHref}" lang="${other}">${t("optOut.switch")}</a></main></body></html>`;
}
