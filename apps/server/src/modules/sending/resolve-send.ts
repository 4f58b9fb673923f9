import { type Db, type DbHandle, schema, type Tx } from "@sms/db";
import { bangkokDayKey, isDebtCollectionBlocked, type SendPurpose } from "@sms/domain";
import { and, eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import type { JobQueue } from "../../jobs/job-queue.ts";
import { TenantScope } from "../../platform/tenant.ts";
import { assertOwnSender, findSendableSender, type SendableSender } from "../senders/index.ts";

/** What the send use cases need; plain values, so a script (the acceptance bench) can call them without Fastify. */
export interface SendDeps {
  /**
   * Where the use cases query and open their transactions: the app's database, or the caller's
   * transaction in deps made by `sendDepsIn`.
   */
  db: Db;
  /**
   * The connection behind the app's database, for the one step that needs the backend itself
   * (staging a file's recipients with COPY); never the caller's transaction.
   */
  dbHandle: DbHandle;
  /** Only `enqueueMany` is used: the chunk jobs, in the acceptance transaction. */
  jobs: Pick<JobQueue, "enqueueMany">;
  /** Recipients per dispatch chunk job (config.engine.chunkSize). */
  chunkSize: number;
  /** The clock (tests of the debt-collection hours); `new Date()` by default. */
  now?: () => Date;
  /**
   * The public origin short links are built on (config.publicUrl): needed only by a send with
   * track_links whose text has links.
   */
  linkOrigin?: string;
  /**
   * A send with more recipients than this is accepted in slices of this many (ADR 53); 5,000 by
   * default. Tests lower it to cover several slices with a few rows.
   */
  acceptSliceRows?: number;
  /**
   * Set by `sendDepsIn`: the acceptance runs inside this transaction of the caller's (`db` is
   * it), so it commits or rolls back with the caller's writes. A step that cannot run in a
   * transaction (staging a file's recipients with COPY) refuses such deps.
   */
  tx?: Tx;
}

/**
 * The deps of an acceptance inside the caller's transaction `tx` (a schedule's firing, ADR 89):
 * every query runs on `tx`, and the acceptance's own transaction is a savepoint of it.
 */
export function sendDepsIn(deps: SendDeps, tx: Tx): SendDeps {
  return { ...deps, db: tx, tx };
}

/** Who sends: the organization, and the acting user and member (member credit usage, reports). */
export interface SendActor {
  organizationId: number;
  userId: number | null;
  /** Looked up from (organization, user) when left out. */
  memberId?: number | null;
}

export interface SendRequest {
  /** The sender's name; optional only for a preview. */
  sender?: string | undefined;
  purpose: SendPurpose;
  message?: string | undefined;
  templateId?: number | undefined;
  /**
   * A one-time code of /api/v2/otp/request, worded by the platform: the only send the shared
   * default sender may carry (ADR 32).
   */
  otpCode?: boolean | undefined;
}

export interface ResolvedSend {
  sender: SendableSender | null;
  purpose: SendPurpose;
  /** The text as written (the template's when no message was given), tags and all. */
  text: string;
  templateId: number | null;
}

export const scopeOf = (deps: SendDeps, actor: SendActor) => new TenantScope(deps.db, actor.organizationId);

/**
 * Free text goes out only under the organization's own approved sender (ADR 32): the shared
 * default (`SMSPortal`) carries only the platform-worded codes of /api/v2/otp/request. Marketing
 * further needs an own sender of type marketing: an organization's OTP sender was approved for
 * codes, not advertising.
 */
export function assertSenderCarries(sender: SendableSender, purpose: SendPurpose, otpCode = false): void {
  if (!otpCode) assertOwnSender(sender);
  if (purpose === "marketing" && (sender.shared || sender.type !== "marketing")) {
    throw new AppError("VALIDATION", {
      messageKey: "campaigns.marketing_sender_required",
      details: [{ path: "sender", message: "campaigns.marketing_sender_required" }],
      reason: "marketing_sender_required",
    });
  }
}

/**
 * Debt-collection messages are refused in the legal blocked hours (terms: Mon–Fri 20:00–08:00,
 * weekends and the public holidays of the admin's `holidays` table 18:00–08:00, Bangkok time).
 */
export async function assertPurposeAllowedNow(deps: SendDeps, purpose: SendPurpose, at: Date): Promise<void> {
  if (purpose !== "debt_collection") return;
  const today = bangkokDayKey(at);
  const holidays = await deps.db
    .select({ date: schema.holidays.date })
    .from(schema.holidays)
    .where(eq(schema.holidays.date, today));
  if (
    isDebtCollectionBlocked(
      at,
      holidays.map((h) => h.date),
    )
  ) {
    throw new AppError("UNPROCESSABLE", {
      messageKey: "campaigns.debt_collection_blocked",
      details: [{ path: "purpose", message: "campaigns.debt_collection_blocked" }],
    });
  }
}

/**
 * The checks every send makes before it reads a recipient: the purpose is allowed now, the
 * template is the organization's (404 otherwise) and turned on, the sender may be used (404 for
 * an unknown or another organization's name, 400 when not approved) and may carry the purpose.
 */
export async function resolveSend(
  deps: SendDeps,
  actor: SendActor,
  request: SendRequest,
): Promise<ResolvedSend> {
  const scope = scopeOf(deps, actor);
  await assertPurposeAllowedNow(deps, request.purpose, (deps.now ?? (() => new Date()))());
  let text = request.message;
  let templateId: number | null = null;
  if (request.templateId !== undefined) {
    const template = await scope.findById(schema.smsTemplates, request.templateId);
    if (!template.enabled) {
      throw new AppError("VALIDATION", {
        messageKey: "campaigns.template_off",
        details: [{ path: "template_id", message: "campaigns.template_off" }],
      });
    }
    templateId = template.id;
    text ??= template.message;
  }
  if (text === undefined) throw new Error("a send needs a message or a template (checked by the contract)");
  let sender: SendableSender | null = null;
  if (request.sender !== undefined) {
    sender = await findSendableSender(scope, request.sender);
    assertSenderCarries(sender, request.purpose, request.otpCode === true);
  }
  return { sender, purpose: request.purpose, text, templateId };
}

/** The member row of the actor, for the ledger's member credit usage (null when not a member any more). */
export async function memberIdOf(deps: SendDeps, actor: SendActor): Promise<number | null> {
  if (actor.memberId !== undefined) return actor.memberId;
  if (actor.userId === null) return null;
  const [member] = await deps.db
    .select({ id: schema.members.id })
    .from(schema.members)
    .where(
      and(eq(schema.members.organizationId, actor.organizationId), eq(schema.members.userId, actor.userId)),
    );
  return member?.id ?? null;
}
