import { affectedRows, type Db } from "@sms/db";
import { type SQL, sql } from "drizzle-orm";
import { staleDaysCte } from "./analytics-rollups.ts";

/**
 * The one home of `message_daily_counts` (ADR 24, ADR 68): the engine owns the table, and every
 * statement that writes it is built here. Rows are insert-only deltas per (organization, Bangkok
 * day, type, status); readers sum them, and `compactRollups` folds them now and then.
 */

/** The rollups' day of a message: its created_at's calendar day in Bangkok. */
export const bangkokDay = (createdAt: SQL): SQL => sql`(${createdAt} at time zone 'Asia/Bangkok')::date`;

const COLUMNS = sql.raw("message_daily_counts (organization_id, day, type, status, messages, credits)");

/**
 * Counts freshly stored messages as queued: `source` is a relation (a table or a CTE name, with an
 * optional `where`) with the messages' organization_id, created_at, type and credits.
 */
export function countQueuedSql(source: SQL, where?: SQL): SQL {
  return sql`insert into ${COLUMNS}
    select organization_id, ${bangkokDay(sql`created_at`)}, type, 'queued', count(*), sum(credits)
      from ${source}${
        where
          ? sql`
     where ${where}`
          : sql``
      }
     group by 1, 2, 3`;
}

/**
 * Moves one count per changed message from its old status to its new one: `changed` is the name of
 * a CTE with organization_id, created_at, type, credits, old_status and new_status (applyChanges').
 * Three CTEs (`moves`, `counted`, `staled`) for the `with` list of the statement that changed them,
 * so that the changes, their counts and the analytics' stale days (ADR 106) commit together.
 */
export function moveCountsCtes(changed: SQL): SQL {
  return sql`moves as (
      select organization_id, ${bangkokDay(sql`created_at`)} as day, type, old_status as status,
             -1 as n, -credits as c
        from ${changed} where old_status <> new_status
      union all
      select organization_id, ${bangkokDay(sql`created_at`)}, type, new_status, 1, credits
        from ${changed} where old_status <> new_status
    ),
    counted as (
      insert into ${COLUMNS}
      select organization_id, day, type, status, sum(n), sum(c)
        from moves
       group by 1, 2, 3, 4
      having sum(n) <> 0
    ),
    ${staleDaysCte(sql`moves`)}`;
}

/**
 * Folds the delta rows of each (organization, day, type, status) into one row, for keys with more
 * than one. One statement: the rows it deletes and the sums it inserts commit together, so a reader
 * summing a key sees the same total before, during and after; deltas inserted meanwhile are new
 * rows the statement does not touch. Keys whose sum is zero disappear.
 */
export async function compactRollups(db: Db): Promise<number> {
  const result = await db.execute(sql`
    with keys as (
      select organization_id, day, type, status from message_daily_counts
       group by 1, 2, 3, 4 having count(*) > 1
    ),
    gone as (
      delete from message_daily_counts d using keys k
       where d.organization_id = k.organization_id and d.day = k.day and d.type = k.type and d.status = k.status
      returning d.organization_id, d.day, d.type, d.status, d.messages, d.credits
    )
    insert into ${COLUMNS}
    select organization_id, day, type, status, sum(messages), sum(credits)
      from gone group by 1, 2, 3, 4
    having sum(messages) <> 0 or sum(credits) <> 0`);
  return affectedRows(result);
}
