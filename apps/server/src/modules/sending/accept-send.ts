import { type Db, schema, type Tx } from "@sms/db";
import type { SendKind, SendPurpose } from "@sms/domain";
import { and, count, eq } from "drizzle-orm";
import { isUniqueViolation } from "../../db-errors.ts";
import { AppError } from "../../errors.ts";
import { stage } from "../../platform/telemetry.ts";
import {
  type CampaignRow,
  insertCampaignRows,
  type NewCampaignRow,
  setAcceptedCounts,
} from "../campaigns/index.ts";
import { balanceOf, coverDebits, recordEntries } from "../credits/index.ts";
import { dispatchAccepted } from "../engine/index.ts";
import { markSenderUsed, type SendableSender } from "../senders/index.ts";
import { discardAcceptance } from "./discard-acceptance.ts";
import { memberIdOf, type SendActor, type SendDeps } from "./resolve-send.ts";
import { assertTrialRecipients, assertTrialText, onTrialOnly } from "./trial-limits.ts";

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
    throw new AppError("CONFLICT", { messageKey: "campaigns.still_accepting", reason: "still_accepting" });
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
  const existing = await findByKey(deps.db, actor.organizationId, key);
  return existing ? replay(existing, kind) : null;
}

/** One send of a group accepted together: who sends, and what. */
export interface PendingSend {
  organizationId: number;
  userId: number | null;
  /** The acting member (the ledger's member credit usage); null for an API send. */
  memberId: number | null;
  unit: SendUnit;
}

/** What storing a group's messages did, per send; `messages` when the store returned them (API sends). */
export interface StoredSend extends StoredMessages {
  messages?: { recipient: string; messageId: number; credits: number }[];
}

/**
 * The campaign rows of sends being accepted, one statement (campaigns' insertCampaignRows), in the
 * sends' order: every column from the send. `counts` when the messages are known before they are
 * stored (an API send's numbers): the rows are then stored published, with their counts;
 * otherwise with recipients 0 until `publish` sets them.
 */
function insertCampaigns(
  tx: Tx,
  deps: SendDeps,
  sends: readonly PendingSend[],
  at: { acceptedAt: Date; accepting: boolean; counts?: readonly StoredMessages[] },
): Promise<CampaignRow[]> {
  return insertCampaignRows(
    tx,
    sends.map((send, i): NewCampaignRow => {
      const { unit } = send;
      const counts = at.counts?.[i];
      return {
        organizationId: send.organizationId,
        memberId: send.memberId,
        userId: send.userId,
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
        recipients: counts?.recipients ?? 0,
        credits: counts?.credits ?? 0,
        invalidCount: unit.invalid,
        duplicateCount: unit.duplicates + (counts?.duplicates ?? 0),
        suppressedCount: counts?.suppressed ?? 0,
        chunkSize: deps.chunkSize,
        acceptedAt: at.acceptedAt,
        idempotencyKey: unit.idempotencyKey,
        callbackUrl: unit.callbackUrl ?? null,
        scheduledFor: unit.startAt ?? null,
        accepting: at.accepting,
      };
    }),
  );
}

/** A send stored and ready to publish. */
interface StoredPending extends PendingSend {
  campaign: CampaignRow;
  stored: StoredSend;
  /** Its campaign row was inserted with its counts (`insertCampaigns` with counts). */
  counted: boolean;
}

type PublishOptions = { grouped: boolean; countedQueued: boolean; onCharge?: (credits: number) => void };

/**
 * The end of every acceptance, for a group of sends, in one transaction with the stored messages
 * or (a sliced acceptance) on its own: the recipients' checks, the counts, the ledger debits (one
 * statement; the ledger refuses a balance below zero), the trial limits, the engine's rollups and
 * dispatch jobs, and the senders' last use. `onCharge` learns the credits needed before the debit.
 */
async function publish(
  tx: Tx,
  deps: SendDeps,
  acceptedAt: Date,
  sends: readonly StoredPending[],
  options: PublishOptions,
): Promise<CampaignRow[]> {
  const published = await checkStored(tx, acceptedAt, sends);
  await charge(tx, acceptedAt, sends, options);
  await queueStored(tx, deps, acceptedAt, sends, options);
  await markSendersUsed(tx, acceptedAt, sends);
  return published;
}

/** The recipients' checks and the counts of stored sends (publish's first part). */
async function checkStored(
  tx: Tx,
  acceptedAt: Date,
  sends: readonly StoredPending[],
): Promise<CampaignRow[]> {
  const published: CampaignRow[] = [];
  for (const send of sends) {
    const { unit, stored, campaign } = send;
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
              eq(schema.messages.campaignId, campaign.id),
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
          reason: "empty_after_personalising",
        });
      }
    }
    if (send.counted) {
      published.push(campaign);
      continue;
    }
    const updated = await setAcceptedCounts(tx, campaign.id, {
      recipients: stored.recipients,
      credits: stored.credits,
      invalidCount: unit.invalid,
      duplicateCount: unit.duplicates + stored.duplicates,
      suppressedCount: stored.suppressed,
    });
    if (!updated) throw new AcceptanceSwept(campaign.id);
    published.push(updated);
  }
  return published;
}

/** The ledger debits of stored sends (one statement) and the trial limits after them. */
async function charge(
  tx: Tx,
  acceptedAt: Date,
  sends: readonly StoredPending[],
  options: PublishOptions,
): Promise<void> {
  options.onCharge?.(sends.reduce((sum, s) => sum + s.stored.credits, 0));
  await recordEntries(
    tx,
    "used",
    sends
      .filter((s) => s.stored.credits > 0)
      .map((s) => ({
        organizationId: s.organizationId,
        credits: s.stored.credits,
        memberId: s.memberId,
        userId: s.userId,
        reason: s.unit.ledgerReason ?? LEDGER_REASON[s.unit.kind],
        reference: `campaign:${s.campaign.id}`,
      })),
  );
  // After the debit: its lock on the organization's row serialises the recipients' count.
  const organizations = [...new Set(sends.map((s) => s.organizationId))];
  for (const organizationId of organizations) {
    if (!(await onTrialOnly(tx, organizationId))) continue;
    for (const send of sends) if (send.organizationId === organizationId) assertTrialText(send.unit.text);
    await assertTrialRecipients(tx, organizationId, acceptedAt);
  }
  stage("charged");
}

/** The engine's rollups and dispatch jobs of stored sends. */
async function queueStored(
  tx: Tx,
  deps: SendDeps,
  acceptedAt: Date,
  sends: readonly StoredPending[],
  options: PublishOptions,
): Promise<void> {
  await dispatchAccepted(tx, deps.jobs, {
    acceptedAt,
    chunkSize: deps.chunkSize,
    grouped: options.grouped,
    countedQueued: options.countedQueued,
    campaigns: sends.map((s) => ({
      id: s.campaign.id,
      organizationId: s.organizationId,
      recipients: s.stored.recipients,
      startAt: s.unit.startAt ?? null,
    })),
  });
}

/** The senders' last use, after the balances' lock (the order every acceptance locks them in). */
async function markSendersUsed(tx: Tx, acceptedAt: Date, sends: readonly StoredPending[]): Promise<void> {
  // The shared default never lapses for inactivity; skipping it keeps every organization's
  // sends from queueing on that one row's lock until they commit.
  const own = [...new Set(sends.filter((s) => !s.unit.sender.shared).map((s) => s.unit.sender.id))];
  for (const senderId of own.sort((x, y) => x - y)) await markSenderUsed(tx, senderId, acceptedAt);
  stage("queued");
}

/** A group of sends to accept in one transaction (see acceptSends). */
export interface AcceptGroup {
  acceptedAt: Date;
  sends: readonly PendingSend[];
  /**
   * What each send's messages will be, when known before they are stored (an API send: its
   * numbers and parts). The balances are then checked first, through the ledger (coverDebits), and
   * a send they do not cover is refused alone; the campaign rows are stored with their counts.
   * Without it the debit after storing refuses the whole group (one send: the portal's).
   */
  known?: readonly StoredMessages[];
  /**
   * May refuse sends the balances covered (the public API's pumping guard): given their indexes in
   * `sends`, answers null to keep each or its error; runs before anything is stored.
   */
  admit?: (tx: Tx, kept: readonly number[]) => Promise<(AppError | null)[]>;
  /**
   * Stores the kept sends' messages (created_at = acceptedAt, seq 1..n per send): given their
   * campaigns and indexes in `sends`, answers what it stored for each, in that order.
   */
  store: (
    tx: Tx,
    campaigns: readonly { id: number; acceptedAt: Date; index: number }[],
  ) => Promise<StoredSend[]>;
  /** The store counted the messages into the rollups itself (engine countQueuedSql). */
  storeCountsQueued?: boolean;
  /** A group of small sends (dispatch-sends jobs) rather than sends accepted one at a time (chunk jobs). */
  grouped?: boolean;
  /**
   * Store first, lock last (ADR 116; needs `known`): the campaigns, messages and dispatch jobs of
   * every send are written before the balances are locked, and the balances, the admission hook
   * and the debits come last, so the organizations' rows stay locked only for those statements
   * and the commit, and the next group can store its rows meanwhile. A send they refuse throws
   * StoreFirstRefused (roll back, and accept the group again without `storeFirst`); `admit` then
   * sees the sends' rows stored.
   */
  storeFirst?: boolean;
  /** Told once the messages are stored (the group commit's hand-off point). */
  onStored?: () => void;
  onCharge?: (credits: number) => void;
}

/** A send of a group: its campaign and stored messages, or the error it alone was refused with. */
export type GroupOutcome =
  | { campaign: CampaignRow; stored: StoredSend; balanceAfter: number | null }
  | { refused: AppError };

/**
 * THE acceptance of sends (ADR 68), for one send (portal, file, schedule, an API send one by one)
 * or many (the public API's group commit, ADR 27), in the caller's transaction: the balances
 * checked through the ledger when the costs are known, the admission hook, the campaign rows in
 * one statement, the messages (`store`), then `publish`: counts, ledger debits, trial limits,
 * rollups and dispatch jobs, the senders' last use. Sends refused alone (credits, admission) are
 * answered with their error; any other failure throws and rolls the whole group back.
 */
export async function acceptSends(tx: Tx, deps: SendDeps, group: AcceptGroup): Promise<GroupOutcome[]> {
  if (group.storeFirst) return acceptStoredFirst(tx, deps, group);
  const { acceptedAt, sends, known } = group;
  const outcomes: (GroupOutcome | null)[] = sends.map(() => null);
  let balances: ReadonlyMap<number, number> | null = null;
  if (known) {
    const covered = await coverDebits(
      tx,
      sends.map((s, i) => ({ organizationId: s.organizationId, credits: known[i]?.credits ?? 0 })),
    );
    balances = covered.balances;
    covered.refused.forEach((error, i) => {
      if (error) outcomes[i] = { refused: error };
    });
  }
  let kept = sends.map((_, i) => i).filter((i) => outcomes[i] === null);
  if (group.admit && kept.length > 0) {
    const verdicts = await group.admit(tx, kept);
    kept.forEach((i, k) => {
      const verdict = verdicts[k];
      if (verdict) outcomes[i] = { refused: verdict };
    });
    kept = kept.filter((i) => outcomes[i] === null);
  }
  if (kept.length === 0) return outcomes as GroupOutcome[];
  const keptSends = kept.map((i) => sends[i] as PendingSend);
  const keptKnown = known ? kept.map((i) => known[i] as StoredMessages) : undefined;
  const campaigns = await insertCampaigns(tx, deps, keptSends, {
    acceptedAt,
    accepting: false,
    ...(keptKnown ? { counts: keptKnown } : {}),
  });
  const stored = await group.store(
    tx,
    campaigns.map((c, k) => ({ id: c.id, acceptedAt, index: kept[k] as number })),
  );
  stage("stored");
  group.onStored?.();
  const pending = keptSends.map((send, k): StoredPending => {
    const s = stored[k];
    if (!s) throw new Error("the store answered fewer sends than it was given");
    return { ...send, campaign: campaigns[k] as CampaignRow, stored: s, counted: keptKnown !== undefined };
  });
  const published = await publish(tx, deps, acceptedAt, pending, {
    grouped: group.grouped === true,
    countedQueued: group.storeCountsQueued === true,
    ...(group.onCharge ? { onCharge: group.onCharge } : {}),
  });
  // The balance after each send, in arrival order, over the sends recorded.
  const running = new Map(balances ?? []);
  kept.forEach((i, k) => {
    const send = pending[k] as StoredPending;
    const balance = (running.get(send.organizationId) ?? 0) - send.stored.credits;
    running.set(send.organizationId, balance);
    outcomes[i] = {
      campaign: published[k] as CampaignRow,
      stored: send.stored,
      balanceAfter: balances ? balance : null,
    };
  });
  return outcomes as GroupOutcome[];
}

/**
 * A store-first group (AcceptGroup.storeFirst) had a send the balances or the admission hook
 * refused: its transaction is to be rolled back and the group accepted again, checked first.
 */
export class StoreFirstRefused extends Error {
  constructor() {
    super("a send of a store-first group was refused: accept the group again, checked first");
  }
}

/**
 * acceptSends with `storeFirst` (ADR 116): every send's campaign, messages (`store`) and dispatch
 * jobs first, rows no other transaction writes; then, with the organizations' balance rows locked
 * (coverDebits, in id order), the admission hook and the ledger debits, the trial limits and the
 * senders' last use, the statements the next group waits for. All sends kept, or StoreFirstRefused.
 */
async function acceptStoredFirst(tx: Tx, deps: SendDeps, group: AcceptGroup): Promise<GroupOutcome[]> {
  const { acceptedAt, sends, known } = group;
  if (!known) throw new Error("a store-first group knows its sends' messages");
  const options: PublishOptions = {
    grouped: group.grouped === true,
    countedQueued: group.storeCountsQueued === true,
    ...(group.onCharge ? { onCharge: group.onCharge } : {}),
  };
  const campaigns = await insertCampaigns(tx, deps, sends, { acceptedAt, accepting: false, counts: known });
  const stored = await group.store(
    tx,
    campaigns.map((c, k) => ({ id: c.id, acceptedAt, index: k })),
  );
  stage("stored");
  const pending = sends.map((send, k): StoredPending => {
    const s = stored[k];
    if (!s) throw new Error("the store answered fewer sends than it was given");
    return { ...send, campaign: campaigns[k] as CampaignRow, stored: s, counted: true };
  });
  const published = await checkStored(tx, acceptedAt, pending);
  await queueStored(tx, deps, acceptedAt, pending, options);
  // From here the organizations' balance rows are locked until the commit.
  const covered = await coverDebits(
    tx,
    sends.map((s, i) => ({ organizationId: s.organizationId, credits: known[i]?.credits ?? 0 })),
  );
  // The hand-off once the lock is granted: the next group stores its rows while this one holds it,
  // and gathers the requests that arrive meanwhile (a hand-off before the lock made groups half
  // the size, each with its own statements, for no shorter wait).
  group.onStored?.();
  if (covered.refused.some((error) => error !== null)) throw new StoreFirstRefused();
  if (group.admit) {
    const verdicts = await group.admit(
      tx,
      sends.map((_, i) => i),
    );
    if (verdicts.some((verdict) => verdict !== null)) throw new StoreFirstRefused();
  }
  await charge(tx, acceptedAt, pending, options);
  await markSendersUsed(tx, acceptedAt, pending);
  const running = new Map(covered.balances);
  return pending.map((send, k) => {
    const balance = (running.get(send.organizationId) ?? 0) - send.stored.credits;
    running.set(send.organizationId, balance);
    return { campaign: published[k] as CampaignRow, stored: send.stored, balanceAfter: balance };
  });
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
      params: { needed, balance: await balanceOf(deps.db, actor.organizationId) },
      cause: error,
    });
  }
  if (unit.idempotencyKey === null || !isUniqueViolation(error, "campaigns_org_idempotency_unique")) {
    throw error;
  }
  const winner = await findByKey(deps.db, actor.organizationId, unit.idempotencyKey);
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
  storeMessages: (tx: Tx, campaign: { id: number; acceptedAt: Date }) => Promise<StoredMessages>,
): Promise<AcceptedSend> {
  const earlier = await replayedSend(deps, actor, unit.kind, unit.idempotencyKey);
  if (earlier) return earlier;
  const memberId = await memberIdOf(deps, actor);
  const acceptedAt = (deps.now ?? (() => new Date()))();
  let needed = 0;
  const send: PendingSend = { organizationId: actor.organizationId, userId: actor.userId, memberId, unit };
  try {
    const campaign = await deps.db.transaction(async (tx) => {
      const [outcome] = await acceptSends(tx, deps, {
        acceptedAt,
        sends: [send],
        store: async (t, [campaign]) => [
          await storeMessages(t, campaign as { id: number; acceptedAt: Date }),
        ],
        onCharge: (n) => {
          needed = n;
        },
      });
      if (!outcome) throw new Error("an acceptance answers its send");
      if ("refused" in outcome) throw outcome.refused;
      return outcome.campaign;
    });
    stage("committed");
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
  const db = deps.db;
  const send: PendingSend = { organizationId: actor.organizationId, userId: actor.userId, memberId, unit };
  let row: CampaignRow;
  try {
    [row] = (await db.transaction((tx) =>
      insertCampaigns(tx, deps, [send], { acceptedAt, accepting: true }),
    )) as [CampaignRow];
  } catch (error) {
    return settle(deps, actor, unit, error, 0);
  }
  const id = row.id;
  let needed = 0;
  try {
    const stored = await storeSlices(db, { id, acceptedAt });
    stage("stored");
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
      const [published] = await publish(
        tx,
        deps,
        acceptedAt,
        [{ ...send, campaign: row, stored, counted: false }],
        {
          grouped: false,
          countedQueued: false,
          onCharge: (n) => {
            needed = n;
          },
        },
      );
      return published as CampaignRow;
    });
    stage("committed");
    return { campaign, replayed: false };
  } catch (error) {
    await discardAcceptance(db, { id, acceptedAt });
    return settle(deps, actor, unit, error, needed);
  }
}
