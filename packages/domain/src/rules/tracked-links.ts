/**
 * Tracked short links (issue 13 point 4, ADR 19 and 35). With `track_links`, every link in a
 * campaign's text is replaced, per recipient, by `<public origin>/l/<code><part>`: `code` names the
 * link (one `tracked_links` row per distinct link of the campaign, random base62), `part` is the
 * recipient's seq within the campaign put through a keyed permutation (the server's
 * `links/link-token.ts`), in fixed-width base62: one recipient's link names no other recipient and
 * does not tell the campaign's size. Both widths are fixed, so every recipient's text has the same
 * length and the parts and credits are known before sending; no row is written per recipient. The
 * web's live counter and the server count the same text: `textForCounting`.
 *
 * Links sent before ADR 35 carry the seq itself in 4 characters (`legacy` tokens, 10 characters in
 * all); they keep working for the campaigns that sent them.
 *
 * Links are found by `findLinks`: `http://` or `https://` URLs and bare `www.` hosts, ending at
 * whitespace or any non-ASCII character (Thai written right after a link is not part of it; a URL
 * with a Thai path must be percent-encoded to be shortened whole), without trailing punctuation
 * (`.,;:!?'"*` and a closing bracket the link did not open). A link written directly before a
 * `{tag}` is personalised per recipient and is left as written.
 */

export const BASE62_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** The path of the click route, under the public origin. */
export const TRACKED_LINK_PATH = "/l/";
/** Characters of a link's random code: 62^6 ≈ 5.7 × 10^10 codes. */
export const TRACKED_LINK_CODE_LENGTH = 6;
/**
 * Characters of the recipient's part: 8 base62 characters hold the permutation's 46 bits, so a
 * made-up part names a recipient of a campaign of n with a chance of n / 62^8 (under 10^-7 for
 * the largest campaign).
 */
export const TRACKED_LINK_SEQ_LENGTH = 8;
/** Characters of the seq in a legacy token (links sent before ADR 35). */
export const TRACKED_LINK_LEGACY_SEQ_LENGTH = 4;
/** Recipients of a tracked send at most: 62^4 − 1 = 14,776,335 (the first format's limit, kept). */
export const TRACKED_LINK_MAX_SEQ = 62 ** TRACKED_LINK_LEGACY_SEQ_LENGTH - 1;
/** Code and recipient part together: the `:token` of `/l/:token`. */
export const TRACKED_LINK_TOKEN_LENGTH = TRACKED_LINK_CODE_LENGTH + TRACKED_LINK_SEQ_LENGTH;
/** A legacy token's length (its seq readable in 4 characters). */
export const TRACKED_LINK_LEGACY_TOKEN_LENGTH = TRACKED_LINK_CODE_LENGTH + TRACKED_LINK_LEGACY_SEQ_LENGTH;

/** `n` (0 ≤ n < 62^width) in base62, left-padded with "0" to exactly `width` characters. */
export function toBase62(n: number, width: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 62 ** width) {
    throw new RangeError(`${n} does not fit ${width} base62 characters`);
  }
  let out = "";
  let rest = n;
  for (let i = 0; i < width; i += 1) {
    out = BASE62_ALPHABET.charAt(rest % 62) + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

/** The number a base62 string stands for, or null when it has another character (or is empty or too long to be exact). */
export function fromBase62(text: string): number | null {
  if (text.length === 0 || text.length > 8) return null;
  let n = 0;
  for (const char of text) {
    const digit = BASE62_ALPHABET.indexOf(char);
    if (digit === -1 || char.length !== 1) return null;
    n = n * 62 + digit;
  }
  return n;
}

/** A random link code from `randomValues` (crypto.getRandomValues in both the server and the browser). */
export function newTrackedLinkCode(randomValues: (bytes: Uint8Array) => Uint8Array): string {
  let code = "";
  while (code.length < TRACKED_LINK_CODE_LENGTH) {
    for (const byte of randomValues(new Uint8Array(TRACKED_LINK_CODE_LENGTH * 2))) {
      // 248 = 4 × 62: bytes above it would make the first 8 characters likelier.
      if (byte < 248 && code.length < TRACKED_LINK_CODE_LENGTH) code += BASE62_ALPHABET.charAt(byte % 62);
    }
  }
  return code;
}

/** A recipient's token: the link's code and the recipient's part (keyed), or the seq itself (legacy). */
export type TrackedLinkToken =
  | { code: string; format: "keyed"; part: string }
  | { code: string; format: "legacy"; seq: number };

const BASE62 = /^[0-9A-Za-z]+$/;

/** `/l/:token` split into the link's code and the recipient's part, or null when it cannot be one. */
export function parseTrackedLinkToken(token: string): TrackedLinkToken | null {
  if (!BASE62.test(token)) return null;
  const code = token.slice(0, TRACKED_LINK_CODE_LENGTH);
  const rest = token.slice(TRACKED_LINK_CODE_LENGTH);
  if (token.length === TRACKED_LINK_TOKEN_LENGTH) return { code, format: "keyed", part: rest };
  if (token.length !== TRACKED_LINK_LEGACY_TOKEN_LENGTH) return null;
  const seq = fromBase62(rest);
  if (seq === null || seq < 1) return null;
  return { code, format: "legacy", seq };
}

/** `https://example.com` (trailing slashes dropped) → `https://example.com/l/`. */
export function trackedLinkPrefix(origin: string): string {
  return `${origin.replace(/\/+$/, "")}${TRACKED_LINK_PATH}`;
}

/** Characters of one recipient's short link: the same for every link and every recipient. */
export function trackedLinkLength(origin: string): number {
  return trackedLinkPrefix(origin).length + TRACKED_LINK_TOKEN_LENGTH;
}

/** One recipient's short link: a link's code and the recipient's part (TRACKED_LINK_SEQ_LENGTH base62 characters). */
export function trackedLinkUrl(origin: string, code: string, part: string): string {
  if (part.length !== TRACKED_LINK_SEQ_LENGTH || !BASE62.test(part)) {
    throw new RangeError(`not a recipient part: ${part}`);
  }
  return `${trackedLinkPrefix(origin)}${code}${part}`;
}

export interface FoundLink {
  /** The link as written. */
  text: string;
  /** Where the visitor is sent: the link itself, `http://` in front of a bare `www.` one. */
  href: string;
  start: number;
  end: number;
}

// The characters RFC 3986 allows in a URL (braces, quotes, angle brackets and spaces are not).
const LINK = /(?:https?:\/\/|www\.)[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*/gi;
/** What may not come right before a link: it would be the middle of a word, a host or an e-mail address. */
const GLUED_BEFORE = /[A-Za-z0-9@._/:\\-]/;
const TRAILING = /[.,;:!?'"*]/;
const HOST = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

const countOf = (text: string, char: string) => text.split(char).length - 1;

function trimTrailing(link: string): string {
  let out = link;
  for (;;) {
    const last = out.charAt(out.length - 1);
    if (TRAILING.test(last)) out = out.slice(0, -1);
    else if (last === ")" && countOf(out, "(") < countOf(out, ")")) out = out.slice(0, -1);
    else if (last === "]" && countOf(out, "[") < countOf(out, "]")) out = out.slice(0, -1);
    else return out;
  }
}

/** The host of a link (without scheme, user, port), or null when it is not a dotted host name. */
function hostOf(link: string): string | null {
  const rest = link.replace(/^https?:\/\//i, "");
  const authority = rest.split(/[/?#]/, 1)[0] ?? "";
  if (authority.includes("@")) return null;
  const host = authority.replace(/:\d{1,5}$/, "");
  if (!HOST.test(host)) return null;
  // A bare link needs a domain after "www." (www.example.com), not just "www.x".
  return rest === link && host.split(".").length < 3 ? null : host;
}

/** The links of a text, in order (see the module's comment for what counts as one). */
export function findLinks(text: string): FoundLink[] {
  const links: FoundLink[] = [];
  LINK.lastIndex = 0;
  for (let match = LINK.exec(text); match !== null; match = LINK.exec(text)) {
    const start = match.index;
    const before = start > 0 ? text.charAt(start - 1) : "";
    if (before !== "" && GLUED_BEFORE.test(before)) {
      LINK.lastIndex = start + 1;
      continue;
    }
    const written = trimTrailing(match[0]);
    const end = start + written.length;
    // A link written directly before a tag is completed per recipient: it stays as written.
    if (text.charAt(end) === "{" || hostOf(written) === null) continue;
    const href = /^https?:\/\//i.test(written) ? written : `http://${written}`;
    links.push({ text: written, href, start, end });
  }
  return links;
}

/** The text with each link replaced by `replacement(link)`. */
export function replaceLinks(
  text: string,
  links: readonly FoundLink[],
  replacement: (link: FoundLink) => string,
): string {
  let out = "";
  let last = 0;
  for (const link of links) {
    out += text.slice(last, link.start) + replacement(link);
    last = link.end;
  }
  return out + text.slice(last);
}

/** The distinct links of a text (by where they send), in the order they first appear: one tracked_links row each. */
export function distinctLinkHrefs(links: readonly FoundLink[]): string[] {
  return [...new Set(links.map((link) => link.href))];
}

/**
 * The text as it is counted for parts and credits when links are tracked: each link replaced by a
 * placeholder as long as a recipient's short link (ASCII, like the short link). Without links, the
 * text itself.
 */
export function textForCounting(text: string, origin: string): string {
  const links = findLinks(text);
  if (links.length === 0) return text;
  const placeholder = `${trackedLinkPrefix(origin)}${"x".repeat(TRACKED_LINK_TOKEN_LENGTH)}`;
  return replaceLinks(text, links, () => placeholder);
}
