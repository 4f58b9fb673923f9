import { type Db, schema } from "@sms/db";
import { AUDIT_ACTION, type THoliday } from "@sms/domain";
import { asc, eq, like } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { recordAudit } from "../../platform/audit.ts";

const h = schema.holidays;

/** By date; one year's when `year` is given. */
export async function listHolidays(db: Db, year?: number): Promise<THoliday[]> {
  return db
    .select({ date: h.date, name: h.name })
    .from(h)
    .where(year === undefined ? undefined : like(h.date, `${year}-%`))
    .orderBy(asc(h.date));
}

/** Adds a public holiday (a Bangkok date); a date already listed is CONFLICT. */
export async function createHoliday(
  db: Db,
  { staffUserId, holiday }: { staffUserId: number; holiday: THoliday },
): Promise<THoliday> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(h)
      .values(holiday)
      .onConflictDoNothing()
      .returning({ date: h.date, name: h.name });
    if (!row)
      throw new AppError("CONFLICT", { messageKey: "admin.holiday_exists", params: { date: holiday.date } });
    await recordAudit(tx, {
      actorUserId: staffUserId,
      action: AUDIT_ACTION.createHoliday,
      targetType: "holiday",
      targetId: row.date,
      after: row,
    });
    return row;
  });
}

/** Renames a day (a built-in one included: staff's name is kept by every later start, ADR 76). */
export async function updateHoliday(
  db: Db,
  { staffUserId, date, name }: { staffUserId: number; date: string; name: string },
): Promise<THoliday> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ date: h.date, name: h.name })
      .from(h)
      .where(eq(h.date, date))
      .for("update");
    if (!before) throw new AppError("NOT_FOUND");
    const [row] = await tx
      .update(h)
      .set({ name })
      .where(eq(h.date, date))
      .returning({ date: h.date, name: h.name });
    if (!row) throw new AppError("NOT_FOUND");
    await recordAudit(tx, {
      actorUserId: staffUserId,
      action: AUDIT_ACTION.updateHoliday,
      targetType: "holiday",
      targetId: row.date,
      before,
      after: row,
    });
    return row;
  });
}

export async function deleteHoliday(
  db: Db,
  { staffUserId, date }: { staffUserId: number; date: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(h).where(eq(h.date, date)).returning({ date: h.date, name: h.name });
    if (!row) throw new AppError("NOT_FOUND");
    await recordAudit(tx, {
      actorUserId: staffUserId,
      action: AUDIT_ACTION.deleteHoliday,
      targetType: "holiday",
      targetId: row.date,
      before: row,
    });
  });
}
