import type { schema } from "@sms/db";
import type { TWhitelistIp } from "@sms/domain";

export function presentWhitelistIp(row: typeof schema.whitelistIps.$inferSelect): TWhitelistIp {
  return { id: row.id, name: row.name, ip_address: row.ipAddress, created_at: row.createdAt.toISOString() };
}
