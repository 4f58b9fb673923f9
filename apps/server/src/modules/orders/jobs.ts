import { schema } from "@sms/db";
import { formatDate, formatNumber, type Locale, localizePath } from "@sms/domain";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { translate } from "../../i18n/index.ts";
import { defineJob } from "../../jobs/define-job.ts";
import { bilingualText } from "../../mail/index.ts";

export interface OrderDecisionMail {
  orderId: number;
  decision: "approved" | "rejected";
}

/**
 * Tells the user who ordered that staff approved or rejected the order (issue 10 point 5). Users
 * have no stored language, so the mail is in Thai then English. Sent once per decision: the job key
 * is the order and its decision, and an order is decided only once.
 */
export const orderDecisionMailJob = defineJob<OrderDecisionMail>({
  name: "orders.mail-decision",
  payload: z.object({ orderId: z.number().int().positive(), decision: z.enum(["approved", "rejected"]) }),
  key: (p) => `${p.orderId}:${p.decision}`,
  retry: { limit: 8, delaySeconds: 30, backoff: true },
  async handler({ orderId, decision }, ctx) {
    const [row] = await ctx.db
      .select({
        order: schema.orders,
        organization: schema.organizations.name,
        expiry: schema.organizations.creditExpiredOn,
        email: schema.users.email,
        firstName: schema.users.firstName,
        lastName: schema.users.lastName,
      })
      .from(schema.orders)
      .innerJoin(schema.organizations, eq(schema.organizations.id, schema.orders.organizationId))
      .innerJoin(schema.users, eq(schema.users.id, schema.orders.userId))
      .where(eq(schema.orders.id, orderId));
    // The user was deleted since, or the order is not in this decision's state: nobody to tell.
    if (!row || row.order.status !== decision) return;
    const { order } = row;
    const body = (locale: Locale) => {
      const params = {
        id: order.id,
        package: order.packageName,
        organization: row.organization,
        credits: formatNumber(order.credits),
        expiry: row.expiry ? formatDate(row.expiry, locale) : "-",
        document: order.documentNumber ?? "-",
        reason: order.rejectReason ?? "",
        name: `${row.firstName} ${row.lastName}`.trim(),
        link: `${ctx.config.publicUrl}${localizePath("/orders", locale)}`,
      };
      return [
        translate("orders.mail.greeting", locale, params),
        "",
        translate(`orders.mail.${decision}.body`, locale, params),
      ].join("\n");
    };
    await ctx.mailer.send({
      to: row.email,
      subject: translate(`orders.mail.${decision}.subject`, "th", { id: order.id }),
      text: bilingualText(body),
    });
  },
});
