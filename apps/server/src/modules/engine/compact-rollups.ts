import type { Db } from "@sms/db";
import { sql } from "drizzle-orm";
import { affectedRows } from "../../platform/sql-rows.ts";

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
    insert into message_daily_counts (organization_id, day, type, status, messages, credits)
    select organization_id, day, type, status, sum(messages), sum(credits)
      from gone group by 1, 2, 3, 4
    having sum(messages) <> 0 or sum(credits) <> 0`);
  return affectedRows(result);
}
