import { type Db, schema } from "@sms/db";
import {
  CREDIT_HISTORY_SORT,
  type Locale,
  type TCreditHistoryEntry,
  type TCreditHistoryQuery,
  type TCreditHistoryResponse,
} from "@sms/domain";
import { and, eq, gte, lt } from "drizzle-orm";
import { hasMessage, translate } from "../../i18n/index.ts";
import { paginate } from "../../platform/paginate.ts";
import { creditReasonKey, creditSubjects } from "../credits/index.ts";
import { memberNameOf } from "./sql.ts";

export interface ListCreditHistoryOptions {
  organizationId: number;
  query: TCreditHistoryQuery;
  locale: Locale;
}
export type ListCreditHistoryResult = TCreditHistoryResponse["data"];

const ce = schema.creditEntries;
/** A reason is a message key (shown in the caller's language) or staff's own words (shown as written). */
function reasonText(reason: string, locale: Locale): string {
  return hasMessage(reason) ? translate(reason, locale) : reason;
}

/**
 * The organization's credit entries (spec §3 Credit entry), newest first unless sorted by type or
 * amount, always over a bounded period on the (organization_id, created_at) index: the ledger grows
 * with every message sent. The running balance is the trigger's `balance_after` of each entry
 * (ADR 0011), so it is the organization's balance after that entry whatever the page, sort or filter.
 */
export async function listCreditHistory(
  db: Db,
  { organizationId, query, locale }: ListCreditHistoryOptions,
): Promise<ListCreditHistoryResult> {
  const where = and(
    eq(ce.organizationId, organizationId),
    gte(ce.createdAt, query.range.start),
    lt(ce.createdAt, query.range.end),
    query.type ? eq(ce.type, query.type) : undefined,
  );
  const page = await paginate(db, {
    from: ce,
    where,
    select: {
      id: ce.id,
      createdAt: ce.createdAt,
      type: ce.type,
      credits: ce.credits,
      balanceAfter: ce.balanceAfter,
      reason: ce.reason,
      reference: ce.reference,
      memberId: ce.memberId,
      memberName: memberNameOf(ce.memberId),
    },
    sortable: { created_at: ce.createdAt, type: ce.type, credits: ce.credits },
    defaultSort: CREDIT_HISTORY_SORT.default,
    query,
    map: (r): TCreditHistoryEntry => ({
      id: r.id,
      created_at: r.createdAt.toISOString(),
      type: r.type,
      credits: r.credits,
      balance_after: r.balanceAfter,
      reason: r.reason,
      reference: r.reference,
      subject: { kind: "other", id: null, label: r.reference },
      member: r.memberId !== null && r.memberName !== null ? { id: r.memberId, name: r.memberName } : null,
    }),
  });
  // The reasons are still keys here: the subjects need them (an OTP's key says it was an OTP).
  const subjects = await creditSubjects(db, organizationId, page.entities, locale);
  return {
    ...page,
    entities: page.entities.map((entry, i) => {
      const subject = subjects[i] ?? entry.subject;
      return { ...entry, reason: reasonText(creditReasonKey(entry.reason, subject), locale), subject };
    }),
  };
}
