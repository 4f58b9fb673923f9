// An approved sender name of the bench's own organization. Free text goes out only under the
// organization's own approved sender (ADR 32): the shared SMSPortal carries only the OTP API's codes.
import { type Db, schema } from "@sms/db";

export const BENCH_SENDER = "BenchShop";

/** Stores `name` as the organization's approved marketing sender, as staff approval leaves it. */
export async function approveBenchSender(
  db: Db,
  organizationId: number,
  name = BENCH_SENDER,
): Promise<string> {
  await db.insert(schema.senders).values({
    organizationId,
    name,
    type: "marketing",
    status: "approved",
    decidedAt: new Date(),
  } as typeof schema.senders.$inferInsert);
  return name;
}
