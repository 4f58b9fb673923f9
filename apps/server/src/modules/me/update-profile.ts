import type { Db } from "@sms/db";
import type { TUpdateMeRequest } from "@sms/domain";
import { renameUser } from "../auth/index.ts";

/** Only the names are editable here; phone, e-mail and password have their own confirmed flows. */
export async function updateProfile(db: Db, userId: number, input: TUpdateMeRequest): Promise<void> {
  await renameUser(db, userId, input.first_name.trim(), input.last_name.trim());
}
