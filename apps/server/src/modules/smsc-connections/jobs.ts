import { schema } from "@sms/db";
import { type Locale, localizePath, USER_ROLE } from "@sms/domain";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { translate } from "../../i18n/index.ts";
import { defineJob, type JobContext, type JobDefinition } from "../../jobs/define-job.ts";
import { bilingualText } from "../../mail/index.ts";
import { claimDownAlerts } from "./connection-health.ts";

export interface ConnectionDownMail {
  connectionId: number;
  name: string;
  downSince: string;
  lastError: string | null;
}

/** Tells every staff account that a connection has been down for more than a minute (Thai, then English). */
export const connectionDownMailJob = defineJob<ConnectionDownMail>({
  name: "smsc-connections.mail-down",
  payload: z.object({
    connectionId: z.number().int().positive(),
    name: z.string(),
    downSince: z.iso.datetime(),
    lastError: z.string().nullable(),
  }),
  key: (p) => `${p.connectionId}:${p.downSince}`,
  retry: { limit: 8, delaySeconds: 30, backoff: true },
  async handler(down, ctx) {
    const staff = await ctx.db
      .select({ email: schema.users.email })
      .from(schema.users)
      .where(sql`${USER_ROLE.admin} = any(${schema.users.roles})`);
    if (staff.length === 0) return;
    const body = (locale: Locale) =>
      [
        translate("smsc.mail.down.body", locale, {
          name: down.name,
          since: new Date(down.downSince).toISOString().replace("T", " ").slice(0, 19),
        }),
        translate("smsc.mail.down.error", locale, { error: down.lastError ?? "—" }),
        `${ctx.config.publicUrl}${localizePath("/admin/connections", locale)}`,
      ].join("\n");
    for (const { email } of staff) {
      await ctx.mailer.send({
        to: email,
        // The subject names our connection (staff data), never customer text.
        subject: translate("smsc.mail.down.subject", "th", { name: down.name }),
        text: bilingualText(body),
      });
    }
  },
});

/** Once a minute: claims the connections down for more than a minute, and mails staff once per outage. */
export const checkConnectionsJob = defineJob<{ run: "connections" }>({
  name: "smsc-connections.check-health",
  payload: z.object({ run: z.literal("connections") }),
  key: () => "check-connections",
  retry: { limit: 3, delaySeconds: 15, backoff: true },
  expireInSeconds: 120,
  cron: { schedule: "* * * * *", payload: { run: "connections" } },
  async handler(_payload, ctx) {
    const down = await runConnectionCheck(ctx, new Date());
    if (down.length > 0)
      ctx.log.warn({ connections: down.map((d) => d.connectionId) }, "SMSC connections down");
  },
});

/** One check at `now` (the job's clock, or a test's). */
export function runConnectionCheck(ctx: Pick<JobContext, "db" | "enqueue">, now: Date) {
  return claimDownAlerts(ctx.db, now, async (tx, down) => {
    for (const connection of down) await ctx.enqueue(connectionDownMailJob, connection, { tx });
  });
}

export const smscConnectionsJobs: readonly JobDefinition[] = [checkConnectionsJob, connectionDownMailJob];
