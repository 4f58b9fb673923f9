import { type Db, queryRows, type Tx } from "@sms/db";
import { looksLikeLink, TRIAL_RECIPIENTS_PER_DAY } from "@sms/domain";
import { sql } from "drizzle-orm";
import { AppError } from "../../errors.ts";

/**
 * Limits of an organization that lives on its free trial (issue 23 point 3, ADR 32): it redeemed
 * the trial and no paid order of it was ever approved. Such an account is what a smishing farm
 * makes by the hundred, so until someone pays (and staff approves the payment) it may reach only a
 * few distinct numbers a day and may not send links.
 */
export { TRIAL_RECIPIENTS_PER_DAY };

const DAY = sql.raw(`interval '24 hours'`);

/** Whether the organization is on its free trial only (see above). */
export async function onTrialOnly(db: Db, organizationId: number): Promise<boolean> {
  const [row] = await queryRows<{ trial: boolean }>(
    db,
    sql`select o.credit_trial_redeemed_at is not null
               and not exists (select 1 from orders p
                                where p.organization_id = o.id and p.status = 'approved' and not p.is_trial) as trial
          from organizations o where o.id = ${organizationId}`,
  );
  return row?.trial === true;
}

/** A trial organization's text may not carry a link (a web address, `www.`, or a bare domain). */
export function assertTrialText(text: string): void {
  if (looksLikeLink(text)) {
    throw new AppError("UNPROCESSABLE", {
      messageKey: "campaigns.trial_no_links",
      details: [{ path: "message", message: "campaigns.trial_no_links" }],
    });
  }
}

/**
 * The distinct numbers the organization's messages went to in the 24 hours before `at`, or since,
 * counting those just stored by this transaction, are at most TRIAL_RECIPIENTS_PER_DAY. Called
 * after the send's debit, which holds the organization's row lock until commit: concurrent sends
 * of one organization count one after the other, so they cannot both take the last numbers.
 * No upper bound: a concurrent send accepted a moment later than this one but committed first
 * (created_at after `at`) must count too, or both took the last number (seen on PostgreSQL).
 */
export async function assertTrialRecipients(tx: Tx, organizationId: number, at: Date): Promise<void> {
  const [row] = await queryRows<{ n: number | string }>(
    tx,
    sql`select count(distinct recipient) as n from messages
         where organization_id = ${organizationId}
           and created_at > ${at.toISOString()}::timestamptz - ${DAY}`,
  );
  const reached = Number(row?.n ?? 0);
  if (reached > TRIAL_RECIPIENTS_PER_DAY) {
    throw new AppError("UNPROCESSABLE", {
      messageKey: "campaigns.trial_recipient_limit",
      params: { limit: TRIAL_RECIPIENTS_PER_DAY },
      reason: "trial_recipient_limit",
    });
  }
}
