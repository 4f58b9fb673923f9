import { type Db, schema } from "@sms/db";
import type { Locale, TAdminSender } from "@sms/domain";
import { eq } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { withAdminExtras } from "./sender-extras.ts";

export type GetAdminSenderResult = TAdminSender;

/** Any organization's sender request, for staff, with its evidence. */
export async function getAdminSender(db: Db, id: number, locale: Locale): Promise<GetAdminSenderResult> {
  const [row] = await db.select().from(schema.senders).where(eq(schema.senders.id, id));
  if (!row) throw new AppError("NOT_FOUND", { messageKey: "senders.not_found" });
  const [sender] = await withAdminExtras(db, [row], locale);
  if (!sender) throw new Error("withAdminExtras dropped the sender");
  return sender;
}
