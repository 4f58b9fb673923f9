import { randomFillSync } from "node:crypto";
import { type Db, schema } from "@sms/db";
import {
  distinctLinkHrefs,
  type FoundLink,
  findLinks,
  newTrackedLinkCode,
  replaceLinks,
  TRACKED_LINK_SEQ_LENGTH,
  textForCounting,
  trackedLinkPrefix,
} from "@sms/domain";
import { eq, type SQL, sql } from "drizzle-orm";
import { newLinkTokenKey, recipientPartSql } from "./link-token.ts";

/** The links of a send's text when it tracks them (track_links and at least one link). */
export interface LinkTracking {
  /** `<public origin>/l/`. */
  prefix: string;
  links: FoundLink[];
  /** Distinct destinations in order of first appearance: one tracked_links row each. */
  hrefs: string[];
  /** The text as counted for parts and credits: each link as long as a recipient's short link. */
  countingText: string;
  /** Characters the recipient's part adds to a text whose links are written `prefix + code` (one per link written). */
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
 * is drawn again: ON CONFLICT DO NOTHING keeps the transaction usable. Every row of the campaign
 * gets the same new token key (a recipient's part is the same in all its links).
 */
export async function createTrackedLinks(
  tx: Db,
  tracking: LinkTracking,
  owner: { organizationId: number; campaignId: number },
): Promise<string[]> {
  const t = schema.trackedLinks;
  const tokenKey = newLinkTokenKey();
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
          tokenKey,
        })),
      )
      .onConflictDoNothing({ target: t.code })
      .returning({ code: t.code });
    for (const { code } of stored) codes[drawn.get(code) ?? -1] = code;
  }
  return codes as string[];
}

/** Removes a send's tracked links (an acceptance that was discarded: its texts were never sent). */
export async function deleteTrackedLinks(db: Db, campaignId: number): Promise<void> {
  await db.delete(schema.trackedLinks).where(eq(schema.trackedLinks.campaignId, campaignId));
}

/**
 * A recipient's text in SQL: `text` has each link written `prefix + from[i]`; each becomes
 * `prefix + to[i]` followed by the recipient's part (link-token.ts), computed once per row with the
 * campaign's key, read from the link stored under `to[0]` (an uncorrelated sub-select: read once
 * per statement). Codes have one length and the prefix holds "://", so one code's replacement
 * never creates or hides another's.
 */
export function linkedTextSql(
  text: SQL,
  seq: SQL,
  prefix: string,
  codes: readonly { from: string; to: string }[],
): SQL {
  const first = codes[0];
  if (!first) return text;
  const key = sql`(select k.token_key from tracked_links k where k.code = ${first.to}::text)`;
  let out = text;
  for (const { from, to } of codes) {
    out = sql`replace(${out}, ${`${prefix}${from}`}::text, ${`${prefix}${to}`}::text || tl.part)`;
  }
  // A sub-select fenced by OFFSET 0, so the part is computed once however many links the text has.
  return sql`(select ${out} from (select ${recipientPartSql(key, seq)} as part offset 0) tl)`;
}
