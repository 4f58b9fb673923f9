import { type Db, pgArray, queryRows, schema, type Tx } from "@sms/db";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { PG_ERROR, pgErrorOf } from "../../db-errors.ts";
import { AppError } from "../../errors.ts";

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
  db: Tx,
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
      inserted = fresh.length === 1 ? await insertOne(db, fresh) : await insertMany(db, fresh);
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

type EntryRow = ReturnType<typeof toRow>;

function insertOne(db: Tx, rows: EntryRow[]): Promise<Omit<RecordedEntry, "created">[]> {
  return db.insert(creditEntries).values(rows).returning({
    id: creditEntries.id,
    organizationId: creditEntries.organizationId,
    credits: creditEntries.credits,
    balanceAfter: creditEntries.balanceAfter,
  });
}

/**
 * Many entries (the public API's group commit: one per send) in one INSERT … SELECT FROM unnest(…),
 * inserted in the given order (the trigger's running balances follow it) and answered in it: eight
 * array parameters whatever the rows, where drizzle's builder made eight parameters and their
 * objects per row (ADR 112).
 */
async function insertMany(db: Tx, rows: EntryRow[]): Promise<Omit<RecordedEntry, "created">[]> {
  const column = <T>(pick: (row: EntryRow) => T) => pgArray(rows.map(pick));
  const stored = await queryRows<{
    id: string | number;
    organization_id: number;
    credits: string | number;
    balance_after: string | number;
  }>(
    db,
    sql`insert into credit_entries (organization_id, type, credits, member_id, user_id, reason, reference, idempotency_key)
        select u.organization_id, u.type, u.credits, u.member_id, u.user_id, u.reason, u.reference, u.idempotency_key
          from unnest(${column((r) => r.organizationId)}::int[], ${column((r) => r.type)}::text[],
                      ${column((r) => r.credits)}::bigint[], ${column((r) => r.memberId)}::int[],
                      ${column((r) => r.userId)}::int[], ${column((r) => r.reason)}::text[],
                      ${column((r) => r.reference)}::text[], ${column((r) => r.idempotencyKey)}::text[])
               with ordinality
               as u(organization_id, type, credits, member_id, user_id, reason, reference, idempotency_key, ord)
         order by u.ord
        returning id, organization_id, credits, balance_after`,
  );
  return stored.map((r) => ({
    id: Number(r.id),
    organizationId: Number(r.organization_id),
    credits: Number(r.credits),
    balanceAfter: Number(r.balance_after),
  }));
}

/** Takes credits (a send, an API message). INSUFFICIENT_CREDITS when the balance does not cover it. */
export async function debit(db: Tx, change: CreditChange): Promise<RecordedEntry> {
  const [entry] = await recordEntries(db, "used", [change]);
  return entry as RecordedEntry;
}

/** Gives credits: `earned` (an approved order, the free trial) or `refunded` (undelivered messages). */
export async function credit(
  db: Tx,
  type: "earned" | "refunded",
  change: CreditChange,
): Promise<RecordedEntry> {
  const [entry] = await recordEntries(db, type, [change]);
  return entry as RecordedEntry;
}

/** Staff's correction, either way; `credits` is signed. A reversal is an adjustment, never an edit. */
export async function adjust(db: Tx, change: CreditChange): Promise<RecordedEntry> {
  const [entry] = await recordEntries(db, "adjusted", [change]);
  return entry as RecordedEntry;
}

/** What `coverDebits` decided for each debit, in order. */
export interface CoveredDebits {
  /** null: covered (its credits are set aside); else the INSUFFICIENT_CREDITS it is refused with. */
  refused: (AppError | null)[];
  /** The organizations' balances as locked, before any of these debits. */
  balances: ReadonlyMap<number, number>;
}

/**
 * Decides, in order, which of many debits the balances cover, before any is recorded (the public
 * API's group commit, ADR 27 and 68): the organizations' rows are locked (FOR NO KEY UPDATE) in id order (the order
 * every ledger write locks them in, so no two transactions deadlock) until the transaction ends,
 * and a debit its organization's balance no longer covers is refused alone, taking nothing. Record
 * the covered ones with `recordEntries` in the same transaction.
 */
export async function coverDebits(
  tx: Tx,
  debits: readonly { organizationId: number; credits: number }[],
): Promise<CoveredDebits> {
  const orgIds = [...new Set(debits.map((d) => d.organizationId))].sort((x, y) => x - y);
  const o = schema.organizations;
  const locked =
    orgIds.length === 0
      ? []
      : await tx
          .select({ id: o.id, credits: o.credits })
          .from(o)
          .where(inArray(o.id, orgIds))
          .orderBy(asc(o.id))
          // The lock the ledger's update of `credits` takes anyway. Not FOR UPDATE: that one waits
          // for the key-share locks of rows inserted with a foreign key to the organization (a
          // campaign), so a batch that stores its rows before it locks the balances (ADR 116)
          // would wait for every other batch's stored rows to commit, and two would deadlock.
          .for("no key update");
  const asLocked = new Map(locked.map((r) => [r.id, Number(r.credits)]));
  const balances = new Map(asLocked);
  const refused: (AppError | null)[] = [];
  for (const d of debits) {
    const balance = balances.get(d.organizationId) ?? 0;
    if (d.credits > balance) {
      refused.push(new AppError("INSUFFICIENT_CREDITS", { params: { needed: d.credits, balance } }));
    } else {
      refused.push(null);
      balances.set(d.organizationId, balance - d.credits);
    }
  }
  return { refused, balances: asLocked };
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
