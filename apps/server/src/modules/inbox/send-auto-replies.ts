import type { Tx } from "@sms/db";
import { AUTO_REPLY_GUARD_MINUTES, AUTO_REPLY_PER_NUMBER, inBangkok } from "@sms/domain";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../errors.ts";
import { startPoller } from "../../platform/poller.ts";
import { readInboxSettings } from "../api-settings/index.ts";
import {
  type AutoReplyOutcome,
  countAutoReplies,
  type DueAutoReply,
  dueAutoReplies,
  recordAutoReply,
  takeDueAutoReply,
} from "../engine/index.ts";
import { type SendDeps, sendDepsIn, sendInstantMessage } from "../sending/index.ts";

/** Due auto-replies taken per pass. */
const BATCH = 50;

/**
 * Sends one due keyword auto-reply (ADR 101) in one transaction with its outcome: taken under a
 * row lock (another worker skips it) and the organization's lock (its budget is counted once),
 * then held back by the loop guard (AUTO_REPLY_PER_NUMBER to one number per
 * AUTO_REPLY_GUARD_MINUTES) or the organization's daily budget, or sent as an instant message:
 * charged on the ledger and queued in this same transaction, under the idempotency key
 * `auto-reply:<reply id>`, so a reply gets one auto-reply however often it is retried. A refused
 * send (no credit, the sender no longer usable) is recorded as failed with its error key.
 */
export async function sendAutoReply(
  deps: SendDeps,
  id: number,
  now = new Date(),
): Promise<AutoReplyOutcome | null> {
  return deps.db.transaction(async (tx) => {
    const due = await takeDueAutoReply(tx, id);
    if (!due) return null;
    const outcome = await decide(deps, tx, due, now);
    await recordAutoReply(tx, due.id, outcome);
    return outcome;
  });
}

async function decide(deps: SendDeps, tx: Tx, due: DueAutoReply, now: Date): Promise<AutoReplyOutcome> {
  if (!due.reply || !due.sender) return { status: "failed", reason: "inbox.auto_reply.failed" };
  const settings = await readInboxSettings(tx, due.organizationId);
  const since = inBangkok(now).startOf("day").toDate();
  const sent = await countAutoReplies(tx, due.organizationId, due.source, since, AUTO_REPLY_GUARD_MINUTES);
  if (sent.toNumber >= AUTO_REPLY_PER_NUMBER) return { status: "limited", reason: "loop_guard" };
  if (sent.today >= settings.auto_reply_daily_limit) return { status: "limited", reason: "daily_limit" };
  try {
    const result = await sendInstantMessage(
      sendDepsIn(deps, tx),
      { organizationId: due.organizationId, userId: null, memberId: null },
      {
        phoneNumber: due.source,
        sender: due.sender,
        message: due.reply,
        purpose: "general",
        idempotencyKey: `auto-reply:${due.id}`,
      },
    );
    return { status: "sent", campaignId: result.message.campaign_id };
  } catch (error) {
    if (error instanceof AppError && error.status < 500)
      return { status: "failed", reason: error.messageKey };
    throw error;
  }
}

/** The inbox's loop (roles all and worker): sends the due auto-replies, a batch per pass. */
export function startAutoReplies(
  deps: SendDeps,
  log: FastifyBaseLogger,
  intervalMs: number,
): () => Promise<void> {
  return startPoller({
    intervalMs,
    log,
    failure: "sending keyword auto-replies failed; trying again",
    tick: async () => {
      const ids = await dueAutoReplies(deps.db, BATCH);
      for (const id of ids) await sendAutoReply(deps, id);
      return ids.length === BATCH ? "more" : "idle";
    },
  });
}
