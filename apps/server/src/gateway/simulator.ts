import { type Db, schema } from "@sms/db";
import type { OutgoingSms, SmsGateway } from "./sms-gateway.ts";

/** The default gateway: nothing leaves the machine; every SMS is recorded for the dev inbox. */
export function createSimulatorGateway(options: { db: Db }): SmsGateway {
  return {
    async send(sms: OutgoingSms) {
      const [row] = await options.db
        .insert(schema.devMessages)
        .values({ channel: "sms", sender: sms.sender, recipient: sms.to, text: sms.text })
        .returning({ messageId: schema.devMessages.messageId });
      if (!row) throw new Error("simulator insert returned no row");
      return { messageId: row.messageId };
    },
  };
}
