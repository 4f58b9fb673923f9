import { TRACKED_LINK_CODE_LENGTH, TRACKED_LINK_SEQ_LENGTH } from "./tracked-links.ts";

/**
 * The opt-out footer of marketing sends (issue 27 point 1, ADR 93). A marketing send carries, unless
 * the sender turns it off for that send, one more line: a label in the message's language and the
 * recipient's own link `<public origin>/u/<code><part>`. `code` names the send (random base62, one
 * `opt_out_links` row), `part` is the recipient's seq through the send's keyed permutation (the
 * tracked links' scheme, ADR 35): both have a fixed width, so the footer is as long for every
 * recipient and the parts and credits are known exactly before any token exists. The web's live
 * counter and the server count the same text: `withOptOutForCounting`.
 *
 * The label is Thai when the text has a Thai letter, English otherwise. Both the English label and
 * the link are ASCII, so the footer never turns a single-byte text into a unicode one; a Thai text is
 * unicode already.
 */

/** The path of the unsubscribe page, under the public origin. */
export const OPT_OUT_PATH = "/u/";
/** Characters of a send's code and of a recipient's part (the tracked links' widths). */
export const OPT_OUT_CODE_LENGTH = TRACKED_LINK_CODE_LENGTH;
export const OPT_OUT_PART_LENGTH = TRACKED_LINK_SEQ_LENGTH;
/** The `:token` of `/u/:token`. */
export const OPT_OUT_TOKEN_LENGTH = OPT_OUT_CODE_LENGTH + OPT_OUT_PART_LENGTH;

export type OptOutLanguage = "th" | "en";

/** The footer's label, before the link (a new line, the label, a space). */
export const OPT_OUT_LABELS: Readonly<Record<OptOutLanguage, string>> = {
  en: "Opt out:",
  th: "ยกเลิกรับ",
};

const THAI = /[\u0E00-\u0E7F]/u;

/** The footer's language: Thai when the text has a Thai letter. */
export function optOutLanguage(text: string): OptOutLanguage {
  return THAI.test(text) ? "th" : "en";
}

/** `https://example.com/portal` → `https://example.com/u/`: the page is at the origin's root. */
export function optOutLinkPrefix(origin: string): string {
  return `${new URL(origin).origin}${OPT_OUT_PATH}`;
}

/** What the footer adds before the send's code: a new line, the label, a space and the link's prefix. */
export function optOutFooterHead(text: string, origin: string): string {
  return `\n${OPT_OUT_LABELS[optOutLanguage(text)]} ${optOutLinkPrefix(origin)}`;
}

/** The footer as it is counted and previewed: the link's token written as `x`s (as long as any token). */
export function optOutFooterPreview(text: string, origin: string): string {
  return `${optOutFooterHead(text, origin)}${"x".repeat(OPT_OUT_TOKEN_LENGTH)}`;
}

/** Characters the footer adds to `text` (the same for every recipient of the send). */
export function optOutFooterLength(text: string, origin: string): number {
  return optOutFooterPreview(text, origin).length;
}

/** The text as it is counted for parts and credits when it carries the footer. */
export function withOptOutForCounting(text: string, origin: string): string {
  return `${text}${optOutFooterPreview(text, origin)}`;
}

/** Whether a send carries the footer: marketing sends, unless turned off for the send. */
export function carriesOptOut(purpose: string, optOutLink: boolean | undefined): boolean {
  return purpose === "marketing" && optOutLink !== false;
}

const BASE62 = /^[0-9A-Za-z]+$/;

/** `/u/:token` split into the send's code and the recipient's part, or null when it cannot be one. */
export function parseOptOutToken(token: string): { code: string; part: string } | null {
  if (token.length !== OPT_OUT_TOKEN_LENGTH || !BASE62.test(token)) return null;
  return { code: token.slice(0, OPT_OUT_CODE_LENGTH), part: token.slice(OPT_OUT_CODE_LENGTH) };
}
