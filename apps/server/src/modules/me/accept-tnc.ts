import { type Db, schema } from "@sms/db";
import type { TTncLog } from "@sms/domain";
import { eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { recordTncAcceptance } from "../auth/index.ts";

/** Records acceptance of the terms; only the version currently published can be accepted. */
export async function acceptTnc(db: Db, userId: number, version: string): Promise<TTncLog> {
  const [current] = await db
    .select({ value: schema.configurations.value })
    .from(schema.configurations)
    .where(eq(schema.configurations.key, "tnc_version"));
  if (!current || current.value !== version) {
    throw new AppError("CONFLICT", { messageKey: "accounts.tnc_version_mismatch" });
  }
  const log = await recordTncAcceptance(db, userId, version);
  return { version: log.version, accepted_at: log.acceptedAt.toISOString() };
}
