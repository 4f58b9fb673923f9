import type { Db } from "@sms/db";
import { revokeSession } from "../auth/index.ts";

/** Ends the caller's session: its refresh tokens and every access token issued for it. */
export async function logout(db: Db, sessionId: string): Promise<void> {
  await revokeSession(db, sessionId, "logout");
}
