import { type Db, schema, type Tx } from "@sms/db";
import { AUDIT_ACTION } from "@sms/domain";
import { eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { recordAudit } from "../../platform/audit.ts";
import { setSuspension } from "../organizations/index.ts";
import { suspensionState } from "./present.ts";

const o = schema.organizations;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SuspendOrganizationOptions {
  organizationId: number;
  staffUserId: number;
  /** 1 to MAX_SUSPENSION_DAYS (validated by the contract). */
  days: number;
  reason: string;
  now?: Date;
}

async function lockOrganization(tx: Tx, organizationId: number) {
  const [org] = await tx.select().from(o).where(eq(o.id, organizationId)).for("update");
  if (!org) throw new AppError("NOT_FOUND");
  return org;
}

/**
 * Suspends for suspected misuse (spec §9 terms): from now for `days` days, with the reason the
 * organization is shown. Suspending a suspended organization replaces the period and the reason.
 */
export async function suspendOrganization(db: Db, options: SuspendOrganizationOptions): Promise<void> {
  const { organizationId, staffUserId, days, reason } = options;
  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    const before = await lockOrganization(tx, organizationId);
    const after = await setSuspension(
      tx,
      organizationId,
      { suspendedAt: now, suspendedUntil: new Date(now.getTime() + days * DAY_MS), suspensionReason: reason },
      now,
    );
    if (!after) throw new AppError("NOT_FOUND");
    await recordAudit(tx, {
      actorUserId: staffUserId,
      action: AUDIT_ACTION.suspendOrganization,
      targetType: "organization",
      targetId: organizationId,
      before: suspensionState(before),
      after: { ...suspensionState(after), days },
      reason,
    });
  });
}

/** Ends the suspension now. An organization that is not suspended stays as it is, and nothing is audited. */
export async function reinstateOrganization(
  db: Db,
  options: { organizationId: number; staffUserId: number; now?: Date },
): Promise<void> {
  const { organizationId, staffUserId } = options;
  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    const before = await lockOrganization(tx, organizationId);
    if (before.suspendedAt === null && before.suspendedUntil === null && before.suspensionReason === null)
      return;
    const after = await setSuspension(
      tx,
      organizationId,
      { suspendedAt: null, suspendedUntil: null, suspensionReason: null },
      now,
    );
    if (!after) throw new AppError("NOT_FOUND");
    await recordAudit(tx, {
      actorUserId: staffUserId,
      action: AUDIT_ACTION.reinstateOrganization,
      targetType: "organization",
      targetId: organizationId,
      before: suspensionState(before),
      after: suspensionState(after),
    });
  });
}
