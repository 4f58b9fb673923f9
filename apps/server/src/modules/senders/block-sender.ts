import type { Db } from "@sms/db";
import type { Locale, TAdminSender } from "@sms/domain";
import type { JobQueue } from "../../jobs/job-queue.ts";
import { decideSender } from "./decide-sender.ts";
import { getAdminSender } from "./get-admin-sender.ts";

export interface BlockSenderOptions {
  senderId: number;
  staffUserId: number;
  /** Shown to the customer on /senders and in the e-mail. */
  reason: string;
  locale: Locale;
  now?: Date;
}
export type BlockSenderResult = TAdminSender;

/** Blocks a pending sender request with the reason the customer reads (spec §4). */
export async function blockSender(
  deps: { db: Db; jobs: JobQueue },
  { senderId, staffUserId, reason, locale, now = new Date() }: BlockSenderOptions,
): Promise<BlockSenderResult> {
  await decideSender(deps, { senderId, staffUserId, decision: "blocked", reason, now });
  return getAdminSender(deps.db, senderId, locale);
}
