import { affectedRows, type Db, queryRows, type Tx } from "@sms/db";
import { OPERATOR_NONE } from "@sms/domain";
import { type SQL, sql } from "drizzle-orm";

/**
 * The delivery analytics' rollup of past days (ADR 106), the engine's like message_daily_counts:
 * every statement that writes message_analytics_daily, message_analytics_days and
 * message_analytics_stale is built here.
 *
 * A day is counted whole, per organization, once it has been over for ANALYTICS_SETTLE_MINUTES (a
 * send accepted just before midnight has stored its messages by then). A status that changes later
 * (a late receipt, the upkeep settling an unknown outcome) goes through applyChanges, whose statement
 * appends the day to message_analytics_stale (`staleDaysCte`); the analytics read a stale day from the
 * messages until this job counts it again. The log is append-only, so no status move waits on
 * another or on the roll: a move that commits while a day is being counted leaves its row behind
 * (the roll removes only the rows it saw) and the day is counted again on the next run.
 */

/** How long after a Bangkok day ends its messages are counted. */
export const ANALYTICS_SETTLE_MINUTES = 60;
/** How far back days are kept counted: the analytics read a period of at most 31 days. */
export const ANALYTICS_ROLL_DAYS = 35;
/** A run counts days for at most this long, then leaves the rest to the next run. */
const RUN_BUDGET_MS = 30_000;

const bangkokToday = (now: SQL): SQL => sql`(${now} at time zone 'Asia/Bangkok')::date`;

/**
 * For the `with` list of applyChanges' statement, after moveCountsCtes' `moves` (organization_id,
 * day, …): the past days among the moved messages' days, appended to the stale log.
 */
export function staleDaysCte(moves: SQL): SQL {
  return sql`staled as (
      insert into message_analytics_stale (organization_id, day)
      select distinct organization_id, day from ${moves}
       where day < ${bangkokToday(sql`now()`)}
    )`;
}

interface DueDay {
  organization_id: number;
  day: string;
}

/**
 * Counts the (organization, day) pairs that are due: over by the settle margin, within the last
 * ANALYTICS_ROLL_DAYS, and not counted yet or stale (the dashboard's rollups say which days have
 * messages). An organization with a send still being accepted in slices waits (its messages are not
 * all there). Newest days first; each pair in its own transaction; answers how many were counted.
 */
export async function rollAnalyticsDays(
  db: Db,
  { now = new Date(), budgetMs = RUN_BUDGET_MS }: { now?: Date; budgetMs?: number } = {},
): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const until = Date.now() + budgetMs;
  let rolled = 0;
  for (;;) {
    const due = await queryRows<DueDay>(
      db,
      sql`select d.organization_id, d.day::text as day
            from (select distinct organization_id, day from message_daily_counts
                   where day < ${bangkokToday(sql`(${at} - make_interval(mins => ${ANALYTICS_SETTLE_MINUTES}))`)}
                     and day >= ${bangkokToday(at)} - ${ANALYTICS_ROLL_DAYS}::int) d
           where (not exists (select 1 from message_analytics_days r
                               where r.organization_id = d.organization_id and r.day = d.day)
                  or exists (select 1 from message_analytics_stale s
                              where s.organization_id = d.organization_id and s.day = d.day))
             and not exists (select 1 from campaigns c where c.organization_id = d.organization_id and c.accepting)
           order by d.day desc, d.organization_id
           limit 50`,
    );
    for (const pair of due) {
      await db.transaction((tx) => rollDay(tx, pair.organization_id, pair.day));
      rolled += 1;
      if (Date.now() > until) return rolled;
    }
    if (due.length < 50) return rolled;
  }
}

/**
 * Replaces one organization's day: the stale rows this transaction sees are removed first, then the
 * day's messages are grouped (by the recipient's first K digits, K the longest range, so each block's
 * operator is looked up once) and stored, and the day is marked counted.
 */
async function rollDay(tx: Tx, organizationId: number, day: string): Promise<void> {
  await tx.execute(
    sql`delete from message_analytics_stale where organization_id = ${organizationId} and day = ${day}::date`,
  );
  await tx.execute(
    sql`delete from message_analytics_daily where organization_id = ${organizationId} and day = ${day}::date`,
  );
  await tx.execute(sql`
    with k as (select coalesce(max(length(prefix)), 0) as n from operator_prefixes),
    g as (
      select m.campaign_id, m.sender, left(m.recipient, (select n from k)) as block, m.status,
             case when m.status = 'failed' then m.state end as state,
             case when m.status = 'failed' then coalesce(m.code, '') end as code,
             count(*) as n
        from messages m
       where m.organization_id = ${organizationId}
         and m.created_at >= (${day}::date::timestamp at time zone 'Asia/Bangkok')
         and m.created_at < ((${day}::date + 1)::timestamp at time zone 'Asia/Bangkok')
       group by 1, 2, 3, 4, 5, 6
    )
    insert into message_analytics_daily
      (organization_id, day, campaign_id, sender, operator, status, state, code, messages)
    select ${organizationId}, ${day}::date, campaign_id, sender, operator, status, state, code, sum(n)
      from (select g.*,
                   coalesce((select p.operator from operator_prefixes p
                              where starts_with(g.block, p.prefix)
                              order by length(p.prefix) desc limit 1), ${OPERATOR_NONE}) as operator
              from g) o
     group by campaign_id, sender, operator, status, state, code`);
  await tx.execute(sql`
    insert into message_analytics_days (organization_id, day, rolled_at)
    values (${organizationId}, ${day}::date, now())
    on conflict (organization_id, day) do update set rolled_at = excluded.rolled_at`);
}

/**
 * The operator ranges changed: every counted day's operators may be wrong. The days are forgotten
 * (read from the messages again) and counted anew by the next runs. In the caller's transaction.
 */
export async function forgetAnalyticsOperators(tx: Tx): Promise<number> {
  return affectedRows(await tx.execute(sql`delete from message_analytics_days`));
}
