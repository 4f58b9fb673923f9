import { randomFillSync } from "node:crypto";
import { type Db, schema } from "@sms/db";
import {
  BASE62_ALPHABET,
  distinctLinkHrefs,
  type FoundLink,
  findLinks,
  newTrackedLinkCode,
  replaceLinks,
  TRACKED_LINK_SEQ_LENGTH,
  textForCounting,
  trackedLinkPrefix,
} from "@sms/domain";
import { type SQL, sql } from "drizzle-orm";

/** The links of a send's text when it tracks them (track_links and at least one link). */
export interface LinkTracking {
  /** `<public origin>/l/`. */
  prefix: string;
  links: FoundLink[];
  /** Distinct destinations in order of first appearance: one tracked_links row each. */
  hrefs: string[];
  /** The text as counted for parts and credits: each link as long as a recipient's short link. */
  countingText: string;
  /** Characters the seq adds to a text whose links are written `prefix + code` (one seq per link written). */
  seqPadding: number;
}

/** How a text's links are tracked, or null when tracking is off or the text has no link (then nothing changes). */
export function planLinkTracking(
  text: string,
  trackLinks: boolean,
  origin: string | undefined,
): LinkTracking | null {
  if (!trackLinks) return null;
  const links = findLinks(text);
  if (links.length === 0) return null;
  if (origin === undefined) throw new Error("tracking links needs the public origin (SendDeps.linkOrigin)");
  // The route is at the root: the origin alone, its host in ASCII (punycode), so a short link never
  // makes a text unicode.
  const base = new URL(origin).origin;
  return {
    prefix: trackedLinkPrefix(base),
    links,
    hrefs: distinctLinkHrefs(links),
    countingText: textForCounting(text, base),
    seqPadding: links.length * TRACKED_LINK_SEQ_LENGTH,
  };
}

const randomCode = () => newTrackedLinkCode((bytes) => randomFillSync(bytes));

/** Codes for the hrefs, random and not yet stored (a file's rows are staged before the transaction names the real ones). */
export function provisionalCodes(tracking: LinkTracking): string[] {
  return tracking.hrefs.map(() => randomCode());
}

/** The text with each link written `prefix + code` of its destination: a recipient's text without its seq. */
export function codedText(text: string, tracking: LinkTracking, codes: readonly string[]): string {
  const codeOf = new Map(tracking.hrefs.map((href, i) => [href, codes[i] ?? ""]));
  return replaceLinks(text, tracking.links, (link) => `${tracking.prefix}${codeOf.get(link.href) ?? ""}`);
}

/**
 * Stores one tracked_links row per destination, in the acceptance transaction, and answers their
 * codes (in the order of `tracking.hrefs`). A code another link already has (62^6 codes, so rare)
 * is drawn again: ON CONFLICT DO NOTHING keeps the transaction usable.
 */
export async function createTrackedLinks(
  tx: Db,
  tracking: LinkTracking,
  owner: { organizationId: number; campaignId: number },
): Promise<string[]> {
  const t = schema.trackedLinks;
  const codes: (string | null)[] = tracking.hrefs.map(() => null);
  for (let attempt = 0; codes.includes(null); attempt += 1) {
    if (attempt === 10) throw new Error("could not draw unused tracked link codes");
    const missing = codes.flatMap((code, i) => (code === null ? [i] : []));
    const drawn = new Map(missing.map((i) => [randomCode(), i]));
    const stored = await tx
      .insert(t)
      .values(
        [...drawn].map(([code, i]) => ({
          organizationId: owner.organizationId,
          campaignId: owner.campaignId,
          code,
          url: tracking.hrefs[i] ?? "",
        })),
      )
      .onConflictDoNothing({ target: t.code })
      .returning({ code: t.code });
    for (const { code } of stored) codes[drawn.get(code) ?? -1] = code;
  }
  return codes as string[];
}

const ALPHABET = sql.raw(`'${BASE62_ALPHABET}'`);

/** seq (1 ≤ seq < 62^4) as TRACKED_LINK_SEQ_LENGTH base62 characters: toBase62 in SQL. */
export function base62SeqSql(seq: SQL): SQL {
  const digits: SQL[] = [];
  for (let place = TRACKED_LINK_SEQ_LENGTH - 1; place >= 0; place -= 1) {
    const divisor = sql.raw(String(62 ** place));
    digits.push(sql`substr(${ALPHABET}, ((${seq}) / ${divisor} % 62)::int + 1, 1)`);
  }
  return sql.join(digits, sql` || `);
}

/**
 * A recipient's text in SQL: `text` has each link written `prefix + from[i]`; each becomes
 * `prefix + to[i]` followed by the recipient's seq in base62. Codes have one length and the prefix
 * holds "://", so one code's replacement never creates or hides another's.
 */
export function linkedTextSql(
  text: SQL,
  seq: SQL,
  prefix: string,
  codes: readonly { from: string; to: string }[],
): SQL {
  let out = text;
  for (const { from, to } of codes) {
    out = sql`replace(${out}, ${`${prefix}${from}`}::text, ${`${prefix}${to}`}::text || ${base62SeqSql(seq)})`;
  }
  return out;
}
