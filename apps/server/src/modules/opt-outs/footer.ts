import { randomFillSync } from "node:crypto";
import { type Db, schema } from "@sms/db";
import {
  carriesOptOut,
  newTrackedLinkCode,
  OPT_OUT_CODE_LENGTH,
  OPT_OUT_PART_LENGTH,
  optOutFooterHead,
  optOutFooterPreview,
  type SendPurpose,
} from "@sms/domain";
import { eq, type SQL, sql } from "drizzle-orm";
import { newLinkTokenKey, recipientPartSql } from "../links/index.ts";

/** A send's opt-out footer before its link exists: what every recipient's text gets after the text. */
export interface OptOutPlan {
  /** A new line, the label and `<origin>/u/`: the send's code and the recipient's part follow. */
  head: string;
  /** The footer as previewed and counted: its token written as `x`s, as long as any recipient's. */
  preview: string;
}

/**
 * The footer a send carries (marketing, unless `optOutLink` is false), or null. Counting it needs the
 * public origin: a marketing send without one is a configuration error, not a silent send without
 * the footer.
 */
export function planOptOut(
  text: string,
  purpose: SendPurpose,
  optOutLink: boolean | undefined,
  origin: string | undefined,
): OptOutPlan | null {
  if (!carriesOptOut(purpose, optOutLink)) return null;
  if (origin === undefined)
    throw new Error("the opt-out footer needs the public origin (SendDeps.linkOrigin)");
  return { head: optOutFooterHead(text, origin), preview: optOutFooterPreview(text, origin) };
}

/** A send's footer once its link is stored: `head + code`, then the recipient's part per message. */
export interface OptOutFooter {
  /** `head` and the send's code. */
  lead: string;
  /** The send's permutation key; null in a preview, whose parts are written as `x`s. */
  tokenKey: string | null;
}

/** The footer of a preview: nothing stored, the code and parts written as `x`s (as the web's counter shows them). */
export function previewFooter(plan: OptOutPlan): OptOutFooter {
  return { lead: `${plan.head}${"x".repeat(OPT_OUT_CODE_LENGTH)}`, tokenKey: null };
}

const randomCode = () => newTrackedLinkCode((bytes) => randomFillSync(bytes));

/**
 * Stores the send's opt_out_links row in the acceptance transaction, with a random code and a new
 * permutation key. A code another send already has (62^6 codes, so rare) is drawn again: ON
 * CONFLICT DO NOTHING keeps the transaction usable.
 */
export async function createOptOutLink(
  tx: Db,
  plan: OptOutPlan,
  owner: { organizationId: number; campaignId: number },
): Promise<OptOutFooter> {
  const t = schema.optOutLinks;
  const tokenKey = newLinkTokenKey();
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const [stored] = await tx
      .insert(t)
      .values({
        organizationId: owner.organizationId,
        campaignId: owner.campaignId,
        code: randomCode(),
        tokenKey,
      })
      .onConflictDoNothing({ target: t.code })
      .returning({ code: t.code });
    if (stored) return { lead: `${plan.head}${stored.code}`, tokenKey };
  }
  throw new Error("could not draw an unused opt-out code");
}

/** Removes a send's opt-out link (an acceptance that was discarded: its texts were never sent). */
export async function deleteOptOutLink(db: Db, campaignId: number): Promise<void> {
  await db.delete(schema.optOutLinks).where(eq(schema.optOutLinks.campaignId, campaignId));
}

/** A recipient's footer in SQL: the lead and the recipient's part (`seq` through the send's key). */
export function optOutFooterSql(footer: OptOutFooter, seq: SQL): SQL {
  if (footer.tokenKey === null) return sql`${`${footer.lead}${"x".repeat(OPT_OUT_PART_LENGTH)}`}::text`;
  return sql`(${footer.lead}::text || ${recipientPartSql(sql`${footer.tokenKey}::text`, seq)})`;
}

/** The footer as long as every recipient's, for counting parts in SQL (the part is ASCII of a fixed width). */
export function optOutFooterPadding(footer: OptOutFooter): string {
  return `${footer.lead}${"0".repeat(OPT_OUT_PART_LENGTH)}`;
}
