import type { Db } from "@sms/db";
import type { Locale, TAdminSender } from "@sms/domain";
import type { JobQueue } from "../../jobs/job-queue.ts";
import { decideSender } from "./decide-sender.ts";
import { getAdminSender } from "./get-admin-sender.ts";

export interface ApproveSenderOptions {
  senderId: number;
  staffUserId: number;
  /** An optional note the customer reads. */
  note?: string | undefined;
  locale: Locale;
  now?: Date;
}
export type ApproveSenderResult = TAdminSender;

/** Approves a pending sender request (spec §4): from now on the organization may send with it. */
export async function approveSender(
  deps: { db: Db; jobs: JobQueue },
  { senderId, staffUserId, note, locale, now = new Date() }: ApproveSenderOptions,
): Promise<ApproveSenderResult> {
  await decideSender(deps, { senderId, staffUserId, decision: "approved", reason: note ?? null, now });
  return getAdminSender(deps.db, senderId, locale);
}
