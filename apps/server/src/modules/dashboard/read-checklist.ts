import { type Db, queryRows } from "@sms/db";
import type { TDashboard } from "@sms/domain";
import { sql } from "drizzle-orm";

/**
 * The balance, its expiry and the getting-started checklist in one statement: each step is an
 * `exists` probe on an index of the organization's rows (the first matching row answers it), so a
 * busy organization costs what a new one does.
 */
export async function readChecklist(
  db: Db,
  organizationId: number,
  userId: number,
): Promise<Pick<TDashboard, "credits" | "checklist">> {
  const [row] = await queryRows<{
    credits: unknown;
    credit_expired_on: Date | string | null;
    verify: boolean;
    buy_credit: boolean;
    sender: boolean;
    contacts: boolean;
    send: boolean;
  }>(
    db,
    sql`select o.credits, o.credit_expired_on,
               (u.phone_number_verified_at is not null and u.email_verified_at is not null) as verify,
               (o.credit_trial_redeemed_at is not null
                 or exists (select 1 from orders r where r.organization_id = o.id and r.status = 'approved')) as buy_credit,
               exists (select 1 from senders s where s.organization_id = o.id and s.status = 'approved') as sender,
               exists (select 1 from contact_groups g where g.organization_id = o.id and g.contact_count > 0) as contacts,
               exists (select 1 from campaigns c where c.organization_id = o.id and not c.accepting) as send
          from organizations o, users u
         where o.id = ${organizationId} and u.id = ${userId}`,
  );
  if (!row) throw new Error(`organization ${organizationId} or user ${userId} not found`);
  return {
    credits: {
      remaining: Number(row.credits),
      expires_at: row.credit_expired_on ? new Date(row.credit_expired_on).toISOString() : null,
    },
    checklist: {
      verify: row.verify,
      buy_credit: row.buy_credit,
      sender: row.sender,
      contacts: row.contacts,
      send: row.send,
    },
  };
}
