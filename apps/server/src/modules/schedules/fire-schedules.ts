import { type Db, type DbHandle, schema } from "@sms/db";
import { CAMPAIGN_NAME_MAX_LENGTH, inBangkok, nextRun, toLocalPhone } from "@sms/domain";
import { and, asc, eq, lte } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { hasMessage } from "../../i18n/index.ts";
import { type AcceptedSend, acceptCampaign, acceptFileCampaign, type SendDeps } from "../campaigns/index.ts";
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
   * Tests: called inside the firing transaction once the run and the schedule are written, before
   * the commit. Throwing rolls everything back, as a firer that dies before committing.
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
   * `deferred`: the heavy-work pool could not read its file now; nothing was written, the
   * occurrence stays due for the next tick (a busy server is not the customer's failure).
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

/**
 * The handle the acceptance uses inside the firing transaction: its queries and its own
 * "transaction" (a savepoint) run on `tx`. On PGlite the file acceptance's COPY must run on the
 * transaction's connection too (the one connection is held by it); on PostgreSQL COPY takes a
 * pooled connection of its own and commits its staging rows, which `tx` then reads.
 */
function handleOn(handle: DbHandle, tx: Db): DbHandle {
  if (handle.kind === "postgres") return { ...handle, db: tx };
  type PGlite = Extract<DbHandle, { kind: "pglite" }>["pglite"];
  const client = (tx as unknown as { session: { client: PGlite } }).session.client;
  return { ...handle, db: tx, pglite: client };
}

/** Refusals whose message needs parameters, which a run's reason (a key alone) cannot keep. */
const REASON_WITHOUT_PARAMS: Record<string, string> = {
  "campaigns.empty_after_personalising": "schedules.run.empty_after_personalising",
  "campaigns.file.unknown_tag": "schedules.run.file_changed",
  "campaigns.file.phone_column_not_found": "schedules.run.file_changed",
  "campaigns.file.too_many_rows": "schedules.run.file_changed",
};

/** Why an occurrence could not be sent, as a message key of the catalog (read without parameters). */
function reasonOf(error: unknown, log: Logger, row: ScheduleRow): string {
  if (error instanceof AppError) {
    if (error.code === "INSUFFICIENT_CREDITS") return "schedules.run.insufficient_credits";
    if (error.code === "NOT_FOUND" && error.messageKey === "errors.not_found")
      return "schedules.run.not_found";
    const mapped = REASON_WITHOUT_PARAMS[error.messageKey];
    if (mapped) return mapped;
    return Object.keys(error.params).length > 0 || !hasMessage(error.messageKey)
      ? "schedules.run.refused"
      : error.messageKey;
  }
  log.error({ err: error, scheduleId: row.id }, "a scheduled campaign could not be sent");
  return "schedules.run.error";
}

/** Checks that are not the acceptance's: the organization is not suspended, the member is still one. */
async function refusal(tx: Db, row: ScheduleRow, now: Date): Promise<string | null> {
  if (row.memberId === null) return "schedules.run.member_removed";
  const [org] = await tx
    .select({ suspendedUntil: schema.organizations.suspendedUntil })
    .from(schema.organizations)
    .where(eq(schema.organizations.id, row.organizationId));
  if (org?.suspendedUntil && org.suspendedUntil.getTime() > now.getTime()) {
    return "schedules.run.organization_suspended";
  }
  return null;
}

/** Accepts the occurrence's campaign through the campaigns module, on `tx`. */
async function accept(
  deps: FiringDeps,
  tx: Db,
  row: ScheduleRow,
  occurrence: Date,
  now: Date,
): Promise<AcceptedSend> {
  const sendDeps: SendDeps = {
    db: handleOn(deps.db, tx),
    jobs: deps.jobs,
    chunkSize: deps.chunkSize,
    now: () => now,
    ...(deps.linkOrigin === undefined ? {} : { linkOrigin: deps.linkOrigin }),
  };
  const actor = { organizationId: row.organizationId, userId: row.userId, memberId: row.memberId };
  const common = {
    name: runCampaignName(row.name, occurrence),
    sender: row.senderName,
    purpose: row.purpose,
    templateId: row.templateId ?? undefined,
    // The text as it was scheduled (a template edited since does not change it).
    message: row.text,
    trackLinks: row.trackLinks,
    // A second guard besides the run row: one campaign per occurrence, whatever happens.
    idempotencyKey: `schedule:${row.id}:${occurrence.toISOString()}`,
  };
  if (row.kind === "campaign") {
    return acceptCampaign(sendDeps, actor, {
      ...common,
      groupIds: row.groupIds,
      manualContacts: row.manualNumbers.map(toLocalPhone).join("\n"),
    });
  }
  const f = schema.files;
  const [file] = row.fileId
    ? await tx
        .select()
        .from(f)
        .where(and(eq(f.id, row.fileId), eq(f.organizationId, row.organizationId)))
    : [];
  if (!file) throw new AppError("VALIDATION", { messageKey: "campaigns.file.unreadable" });
  return acceptFileCampaign(
    sendDeps,
    actor,
    { ...common, phoneColumn: row.phoneColumn ?? undefined },
    campaignFileOf(deps.storage, file),
  );
}

/**
 * Fires the earliest due schedule, if any, in one transaction:
 *
 * 1. claim it: `status = 'active' and next_run_at <= now`, `FOR UPDATE SKIP LOCKED` (another
 *    firer takes the next one instead of waiting);
 * 2. insert its run row (schedule, occurrence): the primary key makes an occurrence fire once; a
 *    conflict means it already fired, and only next_run_at moves on;
 * 3. accept the campaign through the campaigns module in a savepoint of the same transaction, so
 *    the campaign and its run commit together or not at all: a firer that dies before the commit
 *    leaves nothing, and the occurrence is still due for the next one. A refused acceptance (too
 *    few credits, sender no longer approved, organization suspended…) rolls back to the savepoint
 *    and the run is recorded `failed` with the reason's message key. A file the heavy-work pool
 *    cannot read now (full) rolls the whole firing back instead: `deferred`, due again next tick;
 * 4. move next_run_at to the occurrence after this one (null and `completed` past the end or for
 *    a one-time send); a completed file schedule's upload is removed after the commit.
 */
export async function fireNextDue(deps: FiringDeps): Promise<FireResult | null> {
  try {
    return await fireInTransaction(deps);
  } catch (error) {
    if (!(error instanceof FiringDeferred)) throw error;
    deps.log.warn({ scheduleId: error.scheduleId }, "a file schedule waits for the heavy-work pool");
    return {
      scheduleId: error.scheduleId,
      occurrenceAt: error.occurrenceAt,
      outcome: "deferred",
      campaignId: null,
      reason: "files.error.busy",
    };
  }
}

/** A file schedule's firing rolled back because the heavy-work pool was full (ADR 30). */
class FiringDeferred extends Error {
  constructor(
    readonly scheduleId: number,
    readonly occurrenceAt: Date,
  ) {
    super("schedule firing deferred: heavy-work pool busy");
  }
}

const isHeavyWorkBusy = (error: unknown) =>
  error instanceof AppError && error.messageKey === "files.error.busy";

async function fireInTransaction(deps: FiringDeps): Promise<FireResult | null> {
  const now = (deps.now ?? (() => new Date()))();
  let removeFile: { id: string; storageKey: string } | null = null;
  const result = await deps.db.db.transaction(async (tx): Promise<FireResult | null> => {
    const [row] = await tx
      .select()
      .from(s)
      .where(and(eq(s.status, "active"), lte(s.nextRunAt, now)))
      .orderBy(asc(s.nextRunAt), asc(s.id))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!row) return null;
    let occurrence: Date;
    let next: Date | null;
    try {
      occurrence = dueOccurrence(row, now);
      next = followingOccurrence(row, occurrence);
    } catch (error) {
      deps.log.error(
        { err: error, scheduleId: row.id },
        "a scheduled campaign's times could not be computed; paused",
      );
      await tx.update(s).set({ status: "pause" }).where(eq(s.id, row.id));
      return {
        scheduleId: row.id,
        occurrenceAt: row.nextRunAt ?? now,
        outcome: "paused",
        campaignId: null,
        reason: null,
      };
    }
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
      reason =
        now.getTime() - occurrence.getTime() > SCHEDULE_MISSED_AFTER_MS
          ? "schedules.run.missed"
          : await refusal(tx, row, now);
      if (reason === null) {
        try {
          const accepted = await tx.transaction((sp) => accept(deps, sp, row, occurrence, now));
          campaignId = accepted.campaign.id;
        } catch (error) {
          // The pool cannot read the file now: roll the whole firing back, to be fired again.
          if (isHeavyWorkBusy(error)) throw new FiringDeferred(row.id, occurrence);
          reason = reasonOf(error, deps.log, row);
        }
      }
      outcome = campaignId === null ? "failed" : "sent";
      await tx
        .update(r)
        .set({ status: outcome, campaignId, reason })
        .where(and(eq(r.scheduleId, row.id), eq(r.occurrenceAt, occurrence)));
    }
    const completed = next === null;
    await tx
      .update(s)
      .set({
        nextRunAt: next,
        status: completed ? "completed" : "active",
        ...(claimed.length > 0 ? { runCount: row.runCount + 1, lastRunAt: occurrence } : {}),
      })
      .where(eq(s.id, row.id));
    if (completed && row.fileId) {
      const [file] = await tx
        .delete(schema.files)
        .where(and(eq(schema.files.id, row.fileId), eq(schema.files.organizationId, row.organizationId)))
        .returning({ id: schema.files.id, storageKey: schema.files.storageKey });
      removeFile = file ?? null;
    }
    const fired: FireResult = { scheduleId: row.id, occurrenceAt: occurrence, outcome, campaignId, reason };
    await deps.beforeCommit?.(fired);
    return fired;
  });
  const file = removeFile as { id: string; storageKey: string } | null;
  if (file) {
    await deps.storage.delete(file.storageKey).catch((err: unknown) => {
      deps.log.error({ err, storageKey: file.storageKey }, "could not remove a completed schedule's upload");
    });
  }
  return result;
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
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(async () => {
        if (!stopped) await fireDueSchedules(deps);
      })
      .catch((err: unknown) => deps.log.warn({ err }, "firing scheduled campaigns failed; trying again"));
  }, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
