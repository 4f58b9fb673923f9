import { schema, type Tx } from "@sms/db";
import { CAMPAIGN_NAME_MAX_LENGTH, inBangkok, nextRun, toLocalPhone } from "@sms/domain";
import { and, asc, eq, lte } from "drizzle-orm";
import { AppError, type RefusalReason } from "../../errors.ts";
import { hasMessage, type MessageKey } from "../../i18n/index.ts";
import { startPoller } from "../../platform/poller.ts";
import { inSpan } from "../../platform/telemetry.ts";
import { deleteUploadRow } from "../../platform/upload.ts";
import {
  ACCEPT_SLICE_ROWS,
  type AcceptedSend,
  acceptCampaign,
  groupsHoldMoreThan,
  type SendDeps,
  type StagedFileCampaign,
  sendDepsIn,
  stageFileCampaign,
} from "../sending/index.ts";
import { campaignFileOf, type ScheduleDeps } from "./create-schedule.ts";
import type { ScheduleRow } from "./present.ts";

const s = schema.campaignSchedules;
const r = schema.scheduleRuns;

/**
 * An occurrence found more than this late (the workers were down) is recorded as failed with
 * `schedules.run.missed` instead of being sent: a campaign a day late is more likely to harm than
 * help (a sale that ended, a reminder after the due date).
 */
export const SCHEDULE_MISSED_AFTER_MS = 24 * 60 * 60 * 1000;

interface Logger {
  error: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
}

export interface FiringDeps extends ScheduleDeps {
  log: Logger;
  /**
   * Tests: called inside the transaction that writes the run and moves the schedule on, before the
   * commit. Throwing rolls that transaction back, as a firer that dies before committing (a campaign
   * accepted before it, in slices, stays, and the next firing records it).
   */
  beforeCommit?: (result: FireResult) => void | Promise<void>;
}

export interface FireResult {
  scheduleId: number;
  occurrenceAt: Date;
  /**
   * `already_fired`: the occurrence had its run row; only next_run_at was moved on. `paused`: its
   * cron expression could not be evaluated (checked at creation: a hand edit or a bug), so it is
   * set aside (status `pause`) instead of blocking every schedule due after it.
   * `deferred`: the heavy-work pool could not read its file now (`files.error.busy`), or another
   * firer is still accepting the occurrence's campaign (`campaigns.still_accepting`); nothing was
   * written, the occurrence stays due for the next tick (a busy server is not the customer's failure).
   */
  outcome: "sent" | "failed" | "already_fired" | "paused" | "deferred";
  campaignId: number | null;
  reason: string | null;
}

/**
 * The occurrence to fire now: a one-time send's time, or a recurring send's latest occurrence not
 * after `now` (older ones missed while no worker ran are skipped, not sent in a burst).
 */
function dueOccurrence(row: ScheduleRow, now: Date): Date {
  const due = row.nextRunAt;
  if (!due) throw new Error("a due schedule has next_run_at");
  if (!row.cron) return due;
  let occurrence = due;
  for (;;) {
    const next = nextRun(row.cron, occurrence, now);
    if (!next || (row.endsAt && next > row.endsAt)) return occurrence;
    occurrence = next;
  }
}

/** The occurrence after `occurrence` before the end, or null: the schedule is completed. */
function followingOccurrence(row: ScheduleRow, occurrence: Date): Date | null {
  if (!row.cron || !row.endsAt) return null;
  return nextRun(row.cron, occurrence, row.endsAt);
}

/** "Name (2026-12-01 09:00)": which schedule and occurrence (Bangkok time) a campaign came from. */
export function runCampaignName(name: string, occurrence: Date): string {
  const suffix = ` (${inBangkok(occurrence).format("YYYY-MM-DD HH:mm")})`;
  return (
    Array.from(name)
      .slice(0, CAMPAIGN_NAME_MAX_LENGTH - suffix.length)
      .join("") + suffix
  );
}

/** Refusals whose message needs parameters, which a run's reason (a key alone) cannot keep. */
const RUN_REASON: Partial<Record<RefusalReason, MessageKey>> = {
  empty_after_personalising: "schedules.run.empty_after_personalising",
  file_unknown_tag: "schedules.run.file_changed",
  file_phone_column_not_found: "schedules.run.file_changed",
  file_too_many_rows: "schedules.run.file_changed",
  trial_recipient_limit: "schedules.run.trial_recipient_limit",
};

/** Refusals that put a firing off instead of failing its run (a busy server is not the customer's failure). */
const DEFERRING: ReadonlySet<RefusalReason | undefined> = new Set<RefusalReason>([
  "heavy_work_busy",
  "still_accepting",
]);

/** Why an occurrence could not be sent, as a message key of the catalog (read without parameters). */
export function reasonOf(error: unknown, log: Logger, row: Pick<ScheduleRow, "id">): string {
  if (error instanceof AppError) {
    if (error.code === "INSUFFICIENT_CREDITS") return "schedules.run.insufficient_credits";
    // Its template or a contact group is gone (a plain 404); an unknown sender says so in its own words.
    if (error.code === "NOT_FOUND" && error.reason === undefined) return "schedules.run.not_found";
    const mapped = error.reason && RUN_REASON[error.reason];
    if (mapped) return mapped;
    return Object.keys(error.params).length > 0 || !hasMessage(error.messageKey)
      ? "schedules.run.refused"
      : error.messageKey;
  }
  log.error({ err: error, scheduleId: row.id }, "a scheduled campaign could not be sent");
  return "schedules.run.error";
}

/**
 * The send preconditions a portal send checks before its body is read (ADR 32, ADR 55), which the
 * acceptance itself does not: the member who scheduled it is still one, the organization is not
 * suspended, and that member's phone is still verified (the portal's rule for the acting user; a
 * schedule made before the rule, or by a user whose verification was withdrawn, is not sent). The
 * acceptance checks the rest again at the send time: the own approved sender (ADR 32), the
 * purpose's hours, and a free-trial organization's limits (recipients a day, no links).
 */
async function refusal(tx: Tx, row: ScheduleRow, now: Date): Promise<string | null> {
  if (row.memberId === null) return "schedules.run.member_removed";
  const o = schema.organizations;
  const m = schema.members;
  const u = schema.users;
  const [org] = await tx
    .select({ suspendedUntil: o.suspendedUntil, phoneVerifiedAt: u.phoneNumberVerifiedAt, memberId: m.id })
    .from(o)
    .leftJoin(m, and(eq(m.id, row.memberId), eq(m.organizationId, o.id)))
    .leftJoin(u, eq(u.id, m.userId))
    .where(eq(o.id, row.organizationId));
  if (!org?.memberId) return "schedules.run.member_removed";
  if (org.suspendedUntil && org.suspendedUntil.getTime() > now.getTime()) {
    return "schedules.run.organization_suspended";
  }
  if (!org.phoneVerifiedAt) return "schedules.run.phone_not_verified";
  return null;
}

/** The deps of an occurrence's acceptance, at the firing's clock. */
function sendDepsOf(deps: FiringDeps, now: Date): SendDeps {
  return {
    db: deps.db,
    dbHandle: deps.dbHandle,
    jobs: deps.jobs,
    chunkSize: deps.chunkSize,
    now: () => now,
    ...(deps.linkOrigin === undefined ? {} : { linkOrigin: deps.linkOrigin }),
    ...(deps.acceptSliceRows === undefined ? {} : { acceptSliceRows: deps.acceptSliceRows }),
  };
}

const actorOf = (row: ScheduleRow) => ({
  organizationId: row.organizationId,
  userId: row.userId,
  memberId: row.memberId,
});

/** What every occurrence's campaign is made of, whatever its recipients. */
const commonOf = (row: ScheduleRow, occurrence: Date) => ({
  name: runCampaignName(row.name, occurrence),
  sender: row.senderName,
  purpose: row.purpose,
  templateId: row.templateId ?? undefined,
  // The text as it was scheduled (a template edited since does not change it).
  message: row.text,
  trackLinks: row.trackLinks,
  optOutLink: row.optOutLink,
  // A second guard besides the run row: one campaign per occurrence, whatever happens.
  idempotencyKey: occurrenceKey(row, occurrence),
});

/**
 * Accepts a contacts schedule's campaign through the sending module: inside the firing's
 * transaction when `send` is `sendDepsIn(…, tx)`, on its own otherwise (firesOutside).
 */
function acceptContacts(send: SendDeps, row: ScheduleRow, occurrence: Date): Promise<AcceptedSend> {
  if (row.kind !== "campaign") throw new Error("a file schedule's recipients are staged first (stageFile)");
  return acceptCampaign(send, actorOf(row), {
    ...commonOf(row, occurrence),
    groupIds: row.groupIds,
    manualContacts: row.manualNumbers.map(toLocalPhone).join("\n"),
  });
}

/**
 * Reads a file schedule's upload and stages its recipients (no transaction open: COPY never runs
 * in one, ADR 89), or answers the campaign an earlier firing accepted under the occurrence's key.
 */
async function stageFile(
  deps: FiringDeps,
  send: SendDeps,
  row: ScheduleRow,
  occurrence: Date,
): Promise<AcceptedSend | StagedFileCampaign> {
  const f = schema.files;
  const [file] = row.fileId
    ? await deps.db
        .select()
        .from(f)
        .where(and(eq(f.id, row.fileId), eq(f.organizationId, row.organizationId)))
    : [];
  if (!file) throw new AppError("VALIDATION", { messageKey: "campaigns.file.unreadable" });
  return stageFileCampaign(
    send,
    actorOf(row),
    { ...commonOf(row, occurrence), phoneColumn: row.phoneColumn ?? undefined },
    campaignFileOf(deps.storage, file),
  );
}

/** The Idempotency-Key of an occurrence's campaign: one campaign per occurrence, whoever fires it. */
const occurrenceKey = (row: ScheduleRow, occurrence: Date) =>
  `schedule:${row.id}:${occurrence.toISOString()}`;

/**
 * Whether the occurrence's recipients are read with no transaction holding the schedule's row
 * (ADR 53, ADR 55, ADR 89): a file schedule (its file is read by a worker and staged with COPY,
 * which runs in no transaction; a large one is accepted in slices), or a campaign whose groups hold
 * more than a slice of contacts. Inside a transaction, a sliced acceptance would be one transaction
 * again, and on the embedded database it would hold the one session for the whole read and write.
 */
async function firesOutside(deps: FiringDeps, tx: Tx, row: ScheduleRow): Promise<boolean> {
  if (row.kind === "file") return true;
  return groupsHoldMoreThan(tx, row, deps.acceptSliceRows ?? ACCEPT_SLICE_ROWS);
}

/** The campaign a firer already accepted for this occurrence (one that died before recording it), if any. */
async function campaignOfOccurrence(
  tx: Tx,
  row: ScheduleRow,
  occurrence: Date,
): Promise<{ id: number; accepting: boolean } | null> {
  const c = schema.campaigns;
  const [found] = await tx
    .select({ id: c.id, accepting: c.accepting })
    .from(c)
    .where(
      and(eq(c.organizationId, row.organizationId), eq(c.idempotencyKey, occurrenceKey(row, occurrence))),
    );
  return found ?? null;
}

/**
 * Fires the earliest due schedule, if any:
 *
 * 1. claim it: `status = 'active' and next_run_at <= now`, `FOR UPDATE SKIP LOCKED` (another
 *    firer takes the next one instead of waiting);
 * 2. insert its run row (schedule, occurrence): the primary key makes an occurrence fire once; a
 *    conflict means it already fired, and only next_run_at moves on;
 * 3. accept the campaign through the campaigns module in a savepoint of the same transaction, so
 *    the campaign and its run commit together or not at all: a firer that dies before the commit
 *    leaves nothing, and the occurrence is still due for the next one. A refused acceptance (too
 *    few credits, sender no longer approved, organization suspended…) rolls back to the savepoint
 *    and the run is recorded `failed` with the reason's message key;
 * 4. move next_run_at to the occurrence after this one (null and `completed` past the end or for
 *    a one-time send); a completed file schedule's upload is removed after the commit.
 *
 * A file schedule, and a campaign to groups larger than a slice, reads its recipients with no
 * transaction open instead (firesOutside, fireOutside): the first transaction only finds the
 * occurrence due and writes nothing; a second transaction writes the run and moves the schedule on
 * as in 2 and 4. A file within a slice is staged first and accepted in a savepoint of that second
 * transaction, so it commits with its run as in 3 (ADR 89): a firer that dies before the commit
 * leaves only staging rows, no campaign and no charge. A larger send is accepted on its own before
 * it (in slices, ADR 53) under the occurrence's Idempotency-Key (ADR 55): a firer that dies in
 * between leaves the campaign, which the next firing finds by its key and records instead of
 * sending it again; one that dies mid-acceptance leaves an accepting row, which defers the
 * occurrence until the sweeper removes it (ADR 53), then it is sent. A file the heavy-work pool
 * cannot read now (full) defers the occurrence: nothing written, due again next tick.
 */
export async function fireNextDue(deps: FiringDeps): Promise<FireResult | null> {
  const now = (deps.now ?? (() => new Date()))();
  try {
    const first = await fireInTransaction(deps, now);
    if (!first || !("outside" in first)) return first;
    return await fireOutside(deps, first.outside, now);
  } catch (error) {
    if (!(error instanceof FiringDeferred)) throw error;
    deps.log.warn({ scheduleId: error.scheduleId, reason: error.reason }, "a schedule's firing waits");
    return {
      scheduleId: error.scheduleId,
      occurrenceAt: error.occurrenceAt,
      outcome: "deferred",
      campaignId: null,
      reason: error.reason,
    };
  }
}

/**
 * A firing put off without writing anything: the heavy-work pool is full (ADR 30), or another
 * firer is still accepting the occurrence's campaign.
 */
class FiringDeferred extends Error {
  constructor(
    readonly scheduleId: number,
    readonly occurrenceAt: Date,
    readonly reason: string,
  ) {
    super(`schedule firing deferred: ${reason}`);
  }
}

/** Errors that put a firing off instead of failing its run, with the reason the result names. */
export function deferralOf(error: unknown): string | null {
  if (!(error instanceof AppError)) return null;
  return DEFERRING.has(error.reason) ? error.messageKey : null;
}

/** An occurrence found due and the one after it. */
interface DueOccurrence {
  row: ScheduleRow;
  occurrence: Date;
  next: Date | null;
}

/** What became of an occurrence: its campaign, or why there is none. */
interface Decision {
  campaignId: number | null;
  reason: string | null;
}

interface Recorded {
  fired: FireResult;
  removeFile: { id: string; storageKey: string } | null;
}

/**
 * Writes an occurrence's run in the firing's transaction, unless it has one already
 * (`already_fired`): `decide` runs only when this firer wrote it. Then moves the schedule on:
 * next_run_at, `completed` after the last occurrence (its upload removed), unless `moveOn` is false
 * (the schedule was cancelled or changed while its campaign was accepted outside the transaction:
 * only the run is recorded).
 */
async function record(
  tx: Tx,
  deps: FiringDeps,
  due: DueOccurrence,
  decide: () => Promise<Decision>,
  moveOn = true,
): Promise<Recorded> {
  const { row, occurrence, next } = due;
  const claimed = await tx
    .insert(r)
    .values({
      scheduleId: row.id,
      occurrenceAt: occurrence,
      organizationId: row.organizationId,
      status: "failed",
      reason: "schedules.run.error",
    })
    .onConflictDoNothing()
    .returning({ scheduleId: r.scheduleId });
  let outcome: FireResult["outcome"] = "already_fired";
  let campaignId: number | null = null;
  let reason: string | null = null;
  if (claimed.length > 0) {
    ({ campaignId, reason } = await decide());
    outcome = campaignId === null ? "failed" : "sent";
    await tx
      .update(r)
      .set({ status: outcome, campaignId, reason })
      .where(and(eq(r.scheduleId, row.id), eq(r.occurrenceAt, occurrence)));
  }
  const ran = claimed.length > 0 ? { runCount: row.runCount + 1, lastRunAt: occurrence } : {};
  const completed = moveOn && next === null;
  if (moveOn) {
    await tx
      .update(s)
      .set({ nextRunAt: next, status: completed ? "completed" : "active", ...ran })
      .where(eq(s.id, row.id));
  } else if (claimed.length > 0) {
    await tx.update(s).set(ran).where(eq(s.id, row.id));
  }
  let removeFile: Recorded["removeFile"] = null;
  if (completed && row.fileId) {
    const storageKey = await deleteUploadRow(tx, row.organizationId, row.fileId);
    removeFile = storageKey === null ? null : { id: row.fileId, storageKey };
  }
  const fired: FireResult = { scheduleId: row.id, occurrenceAt: occurrence, outcome, campaignId, reason };
  await deps.beforeCommit?.(fired);
  return { fired, removeFile };
}

/** Why an occurrence is not sent before anything is accepted: found a day late, or a precondition unmet. */
async function refusedBeforeAccepting(tx: Tx, due: DueOccurrence, now: Date): Promise<string | null> {
  return now.getTime() - due.occurrence.getTime() > SCHEDULE_MISSED_AFTER_MS
    ? "schedules.run.missed"
    : refusal(tx, due.row, now);
}

async function removeUpload(deps: FiringDeps, file: Recorded["removeFile"]): Promise<void> {
  if (!file) return;
  await deps.storage.delete(file.storageKey).catch((err: unknown) => {
    deps.log.error({ err, storageKey: file.storageKey }, "could not remove a completed schedule's upload");
  });
}

async function fireInTransaction(
  deps: FiringDeps,
  now: Date,
): Promise<FireResult | { outside: DueOccurrence } | null> {
  const result = await deps.db.transaction(
    async (tx): Promise<Recorded | { outside: DueOccurrence } | null> => {
      const [row] = await tx
        .select()
        .from(s)
        .where(and(eq(s.status, "active"), lte(s.nextRunAt, now)))
        .orderBy(asc(s.nextRunAt), asc(s.id))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!row) return null;
      let due: DueOccurrence;
      try {
        const occurrence = dueOccurrence(row, now);
        due = { row, occurrence, next: followingOccurrence(row, occurrence) };
      } catch (error) {
        deps.log.error(
          { err: error, scheduleId: row.id },
          "a scheduled campaign's times could not be computed; paused",
        );
        await tx.update(s).set({ status: "pause" }).where(eq(s.id, row.id));
        const fired: FireResult = {
          scheduleId: row.id,
          occurrenceAt: row.nextRunAt ?? now,
          outcome: "paused",
          campaignId: null,
          reason: null,
        };
        return { fired, removeFile: null };
      }
      if (await firesOutside(deps, tx, row)) {
        const [run] = await tx
          .select({ status: r.status })
          .from(r)
          .where(and(eq(r.scheduleId, row.id), eq(r.occurrenceAt, due.occurrence)));
        if (!run) {
          const earlier = await campaignOfOccurrence(tx, row, due.occurrence);
          if (earlier?.accepting) {
            throw new FiringDeferred(row.id, due.occurrence, "campaigns.still_accepting");
          }
          const reason = earlier ? null : await refusedBeforeAccepting(tx, due, now);
          // Nothing written: the acceptance runs outside this transaction (fireOutside).
          if (!earlier && reason === null) return { outside: due };
          return record(tx, deps, due, async () => ({ campaignId: earlier?.id ?? null, reason }));
        }
      }
      return record(tx, deps, due, async () => {
        const reason = await refusedBeforeAccepting(tx, due, now);
        if (reason !== null) return { campaignId: null, reason };
        try {
          // In a savepoint: a refusal rolls back to it, and the run records why.
          const accepted = await tx.transaction((sp) =>
            acceptContacts(sendDepsIn(sendDepsOf(deps, now), sp), row, due.occurrence),
          );
          return { campaignId: accepted.campaign.id, reason: null };
        } catch (error) {
          // The pool cannot read the file now: roll the whole firing back, to be fired again.
          const deferral = deferralOf(error);
          if (deferral) throw new FiringDeferred(row.id, due.occurrence, deferral);
          return { campaignId: null, reason: reasonOf(error, deps.log, row) };
        }
      });
    },
  );
  if (!result || "outside" in result) return result;
  await removeUpload(deps, result.removeFile);
  return result.fired;
}

/**
 * The second half of a firing that does not hold the schedule's row while its recipients are read:
 * then one short transaction writes the run and moves the schedule on (as it is now: a schedule
 * cancelled meanwhile gets the run recorded, nothing more).
 *
 * - A file schedule's recipients are staged first, with no transaction open (stageFile). Within a
 *   slice, the staged batch is moved, charged and queued **in** that transaction (a savepoint of
 *   it), so the campaign, its charge, its run and the schedule's next time commit together or not
 *   at all (ADR 89); the batch's staging rows are removed once it settles, whichever way.
 * - A larger file, or groups larger than a slice, is accepted on its own first (in slices, ADR 53),
 *   under the occurrence's Idempotency-Key (ADR 55).
 */
function fireOutside(deps: FiringDeps, due: DueOccurrence, now: Date): Promise<FireResult | null> {
  return inSpan("schedules.fire-outside", () => acceptAndRecord(deps, due, now));
}

async function acceptAndRecord(deps: FiringDeps, due: DueOccurrence, now: Date): Promise<FireResult | null> {
  const send = sendDepsOf(deps, now);
  const failed = (error: unknown): Decision => {
    const deferral = deferralOf(error);
    if (deferral) throw new FiringDeferred(due.row.id, due.occurrence, deferral);
    return { campaignId: null, reason: reasonOf(error, deps.log, due.row) };
  };
  let decision: Decision | null = null;
  let staged: StagedFileCampaign | null = null;
  try {
    try {
      if (due.row.kind === "file") {
        const found = await stageFile(deps, send, due.row, due.occurrence);
        if (!("accept" in found)) decision = { campaignId: found.campaign.id, reason: null };
        else staged = found;
        if (staged?.sliced) {
          decision = { campaignId: (await staged.accept(send)).campaign.id, reason: null };
        }
      } else {
        decision = {
          campaignId: (await acceptContacts(send, due.row, due.occurrence)).campaign.id,
          reason: null,
        };
      }
    } catch (error) {
      decision = failed(error);
    }
    const inTransaction = decision === null ? staged : null;
    const result = await deps.db.transaction(async (tx): Promise<Recorded | null> => {
      const [current] = await tx.select().from(s).where(eq(s.id, due.row.id)).for("update");
      if (!current) return null;
      const unchanged =
        current.status === "active" && current.nextRunAt?.getTime() === due.row.nextRunAt?.getTime();
      const decide = async (): Promise<Decision> => {
        if (!inTransaction) return decision as Decision;
        try {
          const accepted = await tx.transaction((sp) => inTransaction.accept(sendDepsIn(send, sp)));
          return { campaignId: accepted.campaign.id, reason: null };
        } catch (error) {
          return failed(error);
        }
      };
      return record(tx, deps, { ...due, row: current }, decide, unchanged);
    });
    if (!result) return null;
    await removeUpload(deps, result.removeFile);
    return result.fired;
  } finally {
    // After the transaction settled: a rolled-back move left the batch staged.
    await staged?.discard();
  }
}

/** Fires due schedules one by one until none is left (or `limit` fired, so one tick never runs unbounded). */
export async function fireDueSchedules(deps: FiringDeps, limit = 100): Promise<FireResult[]> {
  const fired: FireResult[] = [];
  while (fired.length < limit) {
    const result = await fireNextDue(deps);
    if (!result) break;
    fired.push(result);
    // The earliest due schedule waits for the pool: the next tick tries again.
    if (result.outcome === "deferred") break;
  }
  return fired;
}

/**
 * The firing loop of roles `all` and `worker`: every `intervalMs`, the due schedules. Several
 * processes may run it at once (FOR UPDATE SKIP LOCKED and the run rows keep each occurrence to
 * one campaign). Answers the stop function, which waits for the tick in progress.
 */
export function startScheduleFiring(deps: FiringDeps, intervalMs: number): () => Promise<void> {
  return startPoller({
    intervalMs,
    log: deps.log,
    failure: "firing scheduled campaigns failed; trying again",
    tick: async () => {
      await fireDueSchedules(deps);
      return "idle";
    },
  });
}
