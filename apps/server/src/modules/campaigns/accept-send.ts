import { type Db, schema } from "@sms/db";
import type { SendKind, SendPurpose } from "@sms/domain";
import { and, count, eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { isUniqueViolation } from "../../platform/db-errors.ts";
import { balanceOf, debit } from "../credits/index.ts";
import { dispatchCampaign } from "../engine/index.ts";
import { markSenderUsed, type SendableSender } from "../senders/index.ts";
import { discardAcceptance } from "./discard-acceptance.ts";
import { memberIdOf, type SendActor, type SendDeps } from "./resolve-send.ts";
import { assertTrialRecipients, assertTrialText, onTrialOnly } from "./trial-limits.ts";

export type CampaignRow = typeof schema.campaigns.$inferSelect;

/** One send as it is recorded, before its messages are known. */
export interface SendUnit {
  kind: SendKind;
  /** The ledger entry's reason when it is not the kind's: an OTP code is charged as an OTP (review D54). */
  ledgerReason?: string;
  name: string;
  purpose: SendPurpose;
  sender: SendableSender;
  /** The text as written. */
  text: string;
  templateId: number | null;
  groupIds: readonly number[];
  /** Typed numbers kept (valid and unique among themselves). */
  manualContacts: number;
  fileName: string | null;
  /** Dropped before the database saw them: invalid numbers, and repeats among the typed or uploaded ones. */
  invalid: number;
  duplicates: number;
  idempotencyKey: string | null;
  /** An API send's delivery-webhook URL. */
  callbackUrl?: string | null;
  /** Charged now, handed to the gateway from this time (an API send's `scheduled_delivery`); stored as scheduled_for. */
  startAt?: Date | null;
}

/** What storing the messages did (seq 1..recipients). */
export interface StoredMessages {
  recipients: number;
  credits: number;
  /** Messages left empty by personalisation (billed_parts 0), when the store counted them; else they are counted. */
  empty?: number;
  /** Repeats found by the database (a number in two groups, in a group and typed). */
  duplicates: number;
  suppressed: number;
}

export interface AcceptedSend {
  campaign: CampaignRow;
  /** An earlier send with the same Idempotency-Key answered instead; nothing new was stored or charged. */
  replayed: boolean;
}

/** Recipients above which a send is accepted in slices (ADR 53), unless SendDeps says otherwise. */
export const ACCEPT_SLICE_ROWS = 5_000;

const LEDGER_REASON: Record<SendUnit["kind"], string> = {
  instant: "ledger.instant_message",
  campaign: "ledger.campaign",
  file: "ledger.file_campaign",
  api: "ledger.api_send",
};

async function findByKey(db: Db, organizationId: number, key: string): Promise<CampaignRow | undefined> {
  const c = schema.campaigns;
  const [row] = await db
    .select()
    .from(c)
    .where(and(eq(c.organizationId, organizationId), eq(c.idempotencyKey, key)));
  return row;
}

/** The same key for the same organization answers that send; a key first used for another kind of send is a conflict. */
function replay(existing: CampaignRow, kind: SendUnit["kind"]): AcceptedSend {
  if (existing.kind !== kind) {
    throw new AppError("CONFLICT", { messageKey: "campaigns.idempotency_key_reused" });
  }
  if (existing.accepting) {
    throw new AppError("CONFLICT", { messageKey: "campaigns.still_accepting" });
  }
  return { campaign: existing, replayed: true };
}

/** An earlier send with this key, if any (checked before reading a file or counting recipients). */
export async function replayedSend(
  deps: SendDeps,
  actor: SendActor,
  kind: SendUnit["kind"],
  key: string | null,
): Promise<AcceptedSend | null> {
  if (key === null) return null;
  const existing = await findByKey(deps.db.db, actor.organizationId, key);
  return existing ? replay(existing, kind) : null;
}

/** The campaign row of a send being accepted (recipients and credits are set when it is published). */
async function insertCampaign(
  tx: Db,
  deps: SendDeps,
  actor: SendActor,
  unit: SendUnit,
  at: { memberId: number | null; acceptedAt: Date; accepting: boolean },
): Promise<number> {
  const c = schema.campaigns;
  const [row] = await tx
    .insert(c)
    .values({
      organizationId: actor.organizationId,
      memberId: at.memberId,
      userId: actor.userId,
      kind: unit.kind,
      purpose: unit.purpose,
      name: unit.name,
      senderId: unit.sender.id,
      senderName: unit.sender.name,
      templateId: unit.templateId,
      text: unit.text,
      groupIds: [...unit.groupIds],
      manualContacts: unit.manualContacts,
      fileName: unit.fileName,
      recipients: 0,
      credits: 0,
      chunkSize: deps.chunkSize,
      acceptedAt: at.acceptedAt,
      idempotencyKey: unit.idempotencyKey,
      callbackUrl: unit.callbackUrl ?? null,
      scheduledFor: unit.startAt ?? null,
      accepting: at.accepting,
    })
    .returning({ id: c.id });
  if (!row) throw new Error("campaigns insert returned no row");
  return row.id;
}

/**
 * The end of every acceptance, in one transaction with the stored messages or (a sliced
 * acceptance) on its own: the recipients' checks, the counts, the debit of their credits (the
 * ledger refuses a balance below zero), the trial limits, the engine's rollups and chunk jobs, and
 * the sender's last use. `onCharge` learns the credits needed before the debit (its error names them).
 */
async function publish(
  tx: Db,
  deps: SendDeps,
  actor: SendActor,
  unit: SendUnit,
  campaign: { id: number; memberId: number | null; acceptedAt: Date },
  stored: StoredMessages,
  onCharge: (credits: number) => void,
): Promise<CampaignRow> {
  const c = schema.campaigns;
  const { id, memberId, acceptedAt } = campaign;
  if (stored.recipients === 0) {
    throw new AppError("UNPROCESSABLE", {
      messageKey: unit.kind === "instant" ? "campaigns.recipient_suppressed" : "campaigns.no_recipients",
    });
  }
  // A text of tags alone is empty for a contact without that data: nothing to send, nothing to charge.
  if (/\{[a-z_]+\}/.test(unit.text)) {
    let empty = stored.empty;
    if (empty === undefined) {
      const [row] = await tx
        .select({ n: count() })
        .from(schema.messages)
        .where(
          and(
            eq(schema.messages.campaignId, id),
            eq(schema.messages.createdAt, acceptedAt),
            eq(schema.messages.billedParts, 0),
          ),
        );
      empty = row?.n ?? 0;
    }
    if (empty > 0) {
      throw new AppError("UNPROCESSABLE", {
        messageKey: "campaigns.empty_after_personalising",
        params: { count: empty },
      });
    }
  }
  const [updated] = await tx
    .update(c)
    .set({
      recipients: stored.recipients,
      credits: stored.credits,
      invalidCount: unit.invalid,
      duplicateCount: unit.duplicates + stored.duplicates,
      suppressedCount: stored.suppressed,
      accepting: false,
    })
    .where(eq(c.id, id))
    .returning();
  if (!updated) throw new AcceptanceSwept(id);
  onCharge(stored.credits);
  if (stored.credits > 0) {
    await debit(tx, {
      organizationId: actor.organizationId,
      credits: stored.credits,
      memberId,
      userId: actor.userId,
      reason: unit.ledgerReason ?? LEDGER_REASON[unit.kind],
      reference: `campaign:${id}`,
    });
  }
  // After the debit: its lock on the organization's row serialises the recipients' count.
  if (await onTrialOnly(tx, actor.organizationId)) {
    assertTrialText(unit.text);
    await assertTrialRecipients(tx, actor.organizationId, acceptedAt);
  }
  deps.trace?.("charged");
  await dispatchCampaign(tx, deps.jobs, {
    id,
    organizationId: actor.organizationId,
    acceptedAt,
    recipients: stored.recipients,
    chunkSize: deps.chunkSize,
    startAt: unit.startAt ?? null,
  });
  // The shared default never lapses for inactivity; skipping it keeps every organization's
  // sends from queueing on that one row's lock until they commit.
  if (!unit.sender.shared) await markSenderUsed(tx, unit.sender.id, acceptedAt);
  deps.trace?.("queued");
  return updated;
}

/** A sliced acceptance's row was gone when it came to publish it (the sweeper took it for dead). */
class AcceptanceSwept extends Error {
  constructor(id: number) {
    super(`campaign ${id} was removed before its acceptance was published`);
  }
}

/** Errors of an acceptance as the caller sees them: the balance named, and a raced Idempotency-Key answered. */
async function settle(
  deps: SendDeps,
  actor: SendActor,
  unit: SendUnit,
  error: unknown,
  needed: number,
): Promise<AcceptedSend> {
  if (error instanceof AppError && error.code === "INSUFFICIENT_CREDITS") {
    throw new AppError("INSUFFICIENT_CREDITS", {
      messageKey: "campaigns.insufficient_credits",
      params: { needed, balance: await balanceOf(deps.db.db, actor.organizationId) },
      cause: error,
    });
  }
  if (unit.idempotencyKey === null || !isUniqueViolation(error, "campaigns_org_idempotency_unique")) {
    throw error;
  }
  const winner = await findByKey(deps.db.db, actor.organizationId, unit.idempotencyKey);
  if (!winner) throw error;
  return replay(winner, unit.kind);
}

/**
 * Accepts a send, all or nothing, in one transaction: the campaign row, its messages (written by
 * `storeMessages` with one INSERT … SELECT, created_at = accepted_at, seq 1..n), then `publish`:
 * the debit of their credits (the ledger refuses a balance below zero: INSUFFICIENT_CREDITS rolls
 * everything back), the engine's rollups and chunk jobs, and the sender's last use. Zero messages
 * left is 422, and so is a free-trial organization's link or its day's recipients over the limit
 * (trial-limits.ts).
 *
 * With an Idempotency-Key, a send the organization already made with it is answered instead; two
 * requests racing with one key meet at the unique index, and the loser answers the winner's send.
 */
export async function acceptSend(
  deps: SendDeps,
  actor: SendActor,
  unit: SendUnit,
  storeMessages: (tx: Db, campaign: { id: number; acceptedAt: Date }) => Promise<StoredMessages>,
): Promise<AcceptedSend> {
  const earlier = await replayedSend(deps, actor, unit.kind, unit.idempotencyKey);
  if (earlier) return earlier;
  const memberId = await memberIdOf(deps, actor);
  const acceptedAt = (deps.now ?? (() => new Date()))();
  let needed = 0;
  try {
    const campaign = await deps.db.db.transaction(async (tx) => {
      const id = await insertCampaign(tx, deps, actor, unit, { memberId, acceptedAt, accepting: false });
      const stored = await storeMessages(tx, { id, acceptedAt });
      deps.trace?.("stored");
      return publish(tx, deps, actor, unit, { id, memberId, acceptedAt }, stored, (n) => {
        needed = n;
      });
    });
    deps.trace?.("committed");
    return { campaign, replayed: false };
  } catch (error) {
    return settle(deps, actor, unit, error, needed);
  }
}

/**
 * A large send accepted in short statements (ADR 53), so that on the embedded database, one
 * session for every tenant, no other request waits seconds behind it. The campaign row is stored
 * first with `accepting` set (left out of every report and list, never dispatched); `storeSlices`
 * then writes its messages in slices, each statement on its own; one short transaction publishes
 * it exactly as `acceptSend` does (counts, debit, trial limits, chunk jobs). Whatever fails after
 * the row exists, its messages and the row are removed again (`discardAcceptance`, also the
 * sweeper's work after a crash). The same Idempotency-Key while it is still being accepted is a 409.
 */
export async function acceptSlicedSend(
  deps: SendDeps,
  actor: SendActor,
  unit: SendUnit,
  storeSlices: (db: Db, campaign: { id: number; acceptedAt: Date }) => Promise<StoredMessages>,
): Promise<AcceptedSend> {
  const earlier = await replayedSend(deps, actor, unit.kind, unit.idempotencyKey);
  if (earlier) return earlier;
  const memberId = await memberIdOf(deps, actor);
  const acceptedAt = (deps.now ?? (() => new Date()))();
  const db = deps.db.db;
  let id: number;
  try {
    id = await db.transaction((tx) =>
      insertCampaign(tx, deps, actor, unit, { memberId, acceptedAt, accepting: true }),
    );
  } catch (error) {
    return settle(deps, actor, unit, error, 0);
  }
  let needed = 0;
  try {
    const stored = await storeSlices(db, { id, acceptedAt });
    deps.trace?.("stored");
    const campaign = await db.transaction(async (tx) => {
      // Only a row still being accepted is published: the sweeper may have taken a stalled one.
      const [mine] = await tx
        .select({ id: schema.campaigns.id })
        .from(schema.campaigns)
        .where(
          and(
            eq(schema.campaigns.id, id),
            eq(schema.campaigns.accepting, true),
            // recipients −1: discardAcceptance has claimed it.
            eq(schema.campaigns.recipients, 0),
          ),
        )
        .for("update");
      if (!mine) throw new AcceptanceSwept(id);
      return publish(tx, deps, actor, unit, { id, memberId, acceptedAt }, stored, (n) => {
        needed = n;
      });
    });
    deps.trace?.("committed");
    return { campaign, replayed: false };
  } catch (error) {
    await discardAcceptance(db, { id, acceptedAt });
    return settle(deps, actor, unit, error, needed);
  }
}
