/**
 * Whether a text reads as a web address: a scheme (`http://`, `hxxps://`, any `x://`), `www.`, or a
 * bare domain such as `scb-verify.example` or `ธนาคาร.ไทย`. Organization names go into invitation
 * e-mails and other people's screens, and a name that carries a link turns the platform's own mail
 * into a phishing lure (review S4-9), so such names are refused (ADR 33).
 *
 * An IPv4 address counts too. A bare domain is a run of dot-separated labels without spaces whose last label is a top-level
 * domain shape: two or more ASCII letters, an `xn--` label, or `ไทย`. Company abbreviations written
 * without a space (`Co.,Ltd.`, `Co.Ltd`, `บจก.สยาม`) are not domains; a person who writes
 * `Dr.Smith` is asked for a space (`Dr. Smith`), which is the price of refusing `scb.ltd`.
 */
export function looksLikeLink(text: string): boolean {
  const plain = normalise(text);
  if (/:\/\/|\bwww\d{0,3}\.|\b\d{1,3}(?:\.\d{1,3}){3}\b/iu.test(plain)) return true;
  for (const [token] of plain.matchAll(DOTTED)) {
    const labels = token.split(".").filter((label) => label !== "");
    const last = labels.at(-1);
    if (labels.length < 2 || last === undefined || !isTopLevel(last)) continue;
    if (labels.every((label) => LEGAL_FORMS.has(label.toLowerCase()))) continue;
    return true;
  }
  return false;
}

/**
 * Dots a mail client or browser treats as a domain's dot (full-width, ideographic, halfwidth),
 * after NFKC; invisible format characters (zero-width space, joiners) are dropped, so a zero-width space
 * before the dot cannot hide a domain.
 */
function normalise(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/\p{Cf}/gu, "")
    .replace(/[\u3002\uff0e\uff61]/gu, ".");
}

/** Letters, digits and hyphens joined by dots, with no space inside: a candidate host name. */
const DOTTED = /[\p{L}\p{M}\p{N}_-]+(?:\.[\p{L}\p{M}\p{N}_-]+)+\.?/gu;

function isTopLevel(label: string): boolean {
  return /^[a-z]{2,63}$/i.test(label) || /^xn--[a-z0-9-]+$/i.test(label) || label === "ไทย";
}

/**
 * Legal-form abbreviations that people write joined by dots (`Co.Ltd`, `Pte.Ltd`, `S.A.`); a dotted
 * run made only of these is a company suffix, not a host.
 */
const LEGAL_FORMS = new Set([
  "co",
  "ltd",
  "inc",
  "corp",
  "plc",
  "llc",
  "llp",
  "lp",
  "pte",
  "pty",
  "bhd",
  "sdn",
  "gmbh",
  "ag",
  "sa",
  "nv",
  "bv",
  "kk",
  "pcl",
  "part",
]);
