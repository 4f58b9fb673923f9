import { type Db, schema } from "@sms/db";
import type { TUpdateMeRequest } from "@sms/domain";
import { eq } from "drizzle-orm";

/** Only the names are editable here; phone, e-mail and password have their own confirmed flows. */
export async function updateProfile(db: Db, userId: number, input: TUpdateMeRequest): Promise<void> {
  await db
    .update(schema.users)
    .set({ firstName: input.first_name.trim(), lastName: input.last_name.trim(), updatedAt: new Date() })
    .where(eq(schema.users.id, userId));
}
