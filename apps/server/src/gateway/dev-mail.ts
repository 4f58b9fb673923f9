import { type Db, schema } from "@sms/db";

/**
 * The development inbox (`dev_messages`) is the simulator's own store (simulator.ts), so the gateway
 * owns the table (ADR 87); the development mailbox (mail/dev-mailbox.ts) keeps its e-mails there
 * through this, for the dev inbox to show them beside the SMS.
 */
interface DevMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

/** Stores one e-mail; answers its message id. */
export async function storeDevMail(db: Db, mail: DevMail): Promise<{ messageId: string }> {
  const [row] = await db
    .insert(schema.devMessages)
    .values({
      channel: "email",
      sender: mail.from,
      recipient: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    })
    .returning({ messageId: schema.devMessages.messageId });
  if (!row) throw new Error("dev mailbox insert returned no row");
  return { messageId: row.messageId };
}
