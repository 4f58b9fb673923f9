import { type Db, schema } from "@sms/db";
import { normaliseRecipient } from "@sms/domain";
import { eq, sql } from "drizzle-orm";

export interface ParsedUsername {
  kind: "email" | "phone";
  /** Lower-case e-mail or 66-form phone; anything unparsable is kept (lower-cased) as an opaque key. */
  value: string;
  valid: boolean;
}

/** A username is an e-mail address or a Thai mobile number in any typed form (0…, +66…, 66…). */
export function parseUsername(input: string): ParsedUsername {
  const trimmed = input.trim();
  if (trimmed.includes("@")) return { kind: "email", value: trimmed.toLowerCase(), valid: true };
  const phone = normaliseRecipient(trimmed);
  return phone
    ? { kind: "phone", value: phone, valid: true }
    : { kind: "phone", value: trimmed, valid: false };
}

export type UserRow = typeof schema.users.$inferSelect;

export async function findUserByUsername(db: Db, username: ParsedUsername): Promise<UserRow | undefined> {
  if (!username.valid) return undefined;
  const where =
    username.kind === "email"
      ? eq(sql`lower(${schema.users.email})`, username.value)
      : eq(schema.users.phoneNumber, username.value);
  const [user] = await db.select().from(schema.users).where(where).limit(1);
  return user;
}
