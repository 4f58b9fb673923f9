import { type Db, schema } from "@sms/db";
import { eq, inArray } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { PG_ERROR, pgErrorOf } from "../../platform/db-errors.ts";

const { creditEntries } = schema;

export type CreditEntryType = (typeof schema.CREDIT_ENTRY_TYPES)[number];

/** Who acted: the member (member credit usage), the user (staff for approvals), or the system (null). */
export interface CreditActor {
  memberId?: number | null;
  userId?: number | null;
}

export interface CreditChange extends CreditActor {
  organizationId: number;
  /** Positive: how many credits. The type decides the direction (adjusted: `credits` is signed). */
  credits: number;
  /** A message key (translated where it is shown) or staff's own words for an adjustment. */
  reason: string;
  /** What it belongs to: "order:12", "campaign:7". */
  reference: string;
  /** The same key twice records one entry: a retried job, a double click. */
  idempotencyKey?: string;
}

export interface RecordedEntry {
  id: number;
  organizationId: number;
  credits: number;
  balanceAfter: number;
  /** false when the idempotency key had already been recorded (nothing changed this time). */
  created: boolean;
}

const SIGN: Record<CreditEntryType, 1 | -1 | 0> = {
  earned: 1,
  refunded: 1,
  used: -1,
  expired: -1,
  adjusted: 0,
};

function toRow(type: CreditEntryType, change: CreditChange) {
  if (!Number.isSafeInteger(change.credits) || change.credits === 0) {
    throw new RangeError("credits must be a non-zero integer");
  }
  const sign = SIGN[type];
  if (sign !== 0 && change.credits < 0) throw new RangeError(`${type} takes a positive number of credits`);
  return {
    organizationId: change.organizationId,
    type,
    credits: sign === 0 ? change.credits : sign * change.credits,
    memberId: change.memberId ?? null,
    userId: change.userId ?? null,
    reason: change.reason,
    reference: change.reference,
    idempotencyKey: change.idempotencyKey ?? null,
  };
}

/**
 * Records entries in one statement (DESIGN §5.6). The database applies each to its organization's
 * balance and refuses the whole statement when any balance would go below zero, which is answered
 * as INSUFFICIENT_CREDITS. Call it inside the transaction of the business write it pays for, so the
 * two commit or fail together. Entries whose idempotency key is already recorded are returned as
 * they were, and nothing is written for them.
 */
export async function recordEntries(
  db: Db,
  type: CreditEntryType,
  changes: readonly CreditChange[],
): Promise<RecordedEntry[]> {
  if (changes.length === 0) return [];
  const rows = changes.map((c) => toRow(type, c));
  const keys = rows.map((r) => r.idempotencyKey).filter((k): k is string => k !== null);
  const existing = new Map<string, RecordedEntry>();
  if (keys.length > 0) {
    const found = await db
      .select({
        id: creditEntries.id,
        organizationId: creditEntries.organizationId,
        credits: creditEntries.credits,
        balanceAfter: creditEntries.balanceAfter,
        idempotencyKey: creditEntries.idempotencyKey,
      })
      .from(creditEntries)
      .where(inArray(creditEntries.idempotencyKey, keys));
    for (const { idempotencyKey, ...entry } of found) {
      existing.set(idempotencyKey as string, { ...entry, created: false });
    }
  }
  const fresh = rows.filter((r) => r.idempotencyKey === null || !existing.has(r.idempotencyKey));
  let inserted: Omit<RecordedEntry, "created">[] = [];
  if (fresh.length > 0) {
    try {
      inserted = await db.insert(creditEntries).values(fresh).returning({
        id: creditEntries.id,
        organizationId: creditEntries.organizationId,
        credits: creditEntries.credits,
        balanceAfter: creditEntries.balanceAfter,
      });
    } catch (error) {
      const { code, constraint } = pgErrorOf(error);
      if (code === PG_ERROR.checkViolation && constraint === "organizations_credits_non_negative") {
        throw new AppError("INSUFFICIENT_CREDITS", { cause: error });
      }
      // The same key recorded by a concurrent call that committed first: this call changed nothing.
      if (code === PG_ERROR.uniqueViolation) throw new AppError("CONFLICT", { cause: error });
      throw error;
    }
  }
  let next = 0;
  return rows.map((r) => {
    const before = r.idempotencyKey === null ? undefined : existing.get(r.idempotencyKey);
    if (before) return before;
    const entry = inserted[next++];
    if (!entry) throw new Error("credit entry insert returned fewer rows than it was given");
    return { ...entry, created: true };
  });
}

/** Takes credits (a send, an API message). INSUFFICIENT_CREDITS when the balance does not cover it. */
export async function debit(db: Db, change: CreditChange): Promise<RecordedEntry> {
  const [entry] = await recordEntries(db, "used", [change]);
  return entry as RecordedEntry;
}

/** Gives credits: `earned` (an approved order, the free trial) or `refunded` (undelivered messages). */
export async function credit(
  db: Db,
  type: "earned" | "refunded",
  change: CreditChange,
): Promise<RecordedEntry> {
  const [entry] = await recordEntries(db, type, [change]);
  return entry as RecordedEntry;
}

/** Staff's correction, either way; `credits` is signed. A reversal is an adjustment, never an edit. */
export async function adjust(db: Db, change: CreditChange): Promise<RecordedEntry> {
  const [entry] = await recordEntries(db, "adjusted", [change]);
  return entry as RecordedEntry;
}

/** The organization's balance as the ledger left it. */
export async function balanceOf(db: Db, organizationId: number): Promise<number> {
  const [row] = await db
    .select({ credits: schema.organizations.credits })
    .from(schema.organizations)
    .where(eq(schema.organizations.id, organizationId));
  if (!row) throw new AppError("NOT_FOUND");
  return row.credits;
}
