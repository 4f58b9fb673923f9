import { type Db, schema } from "@sms/db";

/**
 * Records that a user accepted a version of the terms (registration's checkbox, a later
 * re-acceptance through `me`). The auth module owns `tnc_logs` (ADR 68).
 */
export async function recordTncAcceptance(
  db: Db,
  userId: number,
  version: string,
): Promise<{ version: string; acceptedAt: Date }> {
  const t = schema.tncLogs;
  const [log] = await db
    .insert(t)
    .values({ userId, version })
    .returning({ version: t.version, acceptedAt: t.acceptedAt });
  if (!log) throw new Error("tnc log insert returned no row");
  return log;
}
