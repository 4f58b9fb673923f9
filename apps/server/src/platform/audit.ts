import { type Db, schema } from "@sms/db";

export interface AuditEntry {
  /** The staff user who acted. */
  actorUserId: number;
  /** `<area>.<verb>`, for example orders.approve or organizations.suspend. */
  action: string;
  targetType: string;
  targetId: string | number;
  /** The state before and after, as plain objects (stored as JSON text). */
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/**
 * Records one back-office action (issue 10: who, what, when, before and after). Call it inside the
 * transaction of the change itself, so an action and its record commit together.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(schema.auditLog).values({
    actorUserId: entry.actorUserId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
    reason: entry.reason ?? null,
  });
}
