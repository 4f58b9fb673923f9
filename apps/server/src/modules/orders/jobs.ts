import { type Db, schema } from "@sms/db";
import { formatBaht, formatDate, formatNumber, type Locale, localizePath } from "@sms/domain";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Config } from "../../config.ts";
import { translate } from "../../i18n/index.ts";
import { defineJob } from "../../jobs/define-job.ts";
import { bilingualText } from "../../mail/index.ts";

export interface OrderDecisionMail {
  orderId: number;
  decision: "approved" | "rejected";
}

export interface OrderReceivedMail {
  orderId: number;
}

type OrderRow = typeof schema.orders.$inferSelect;

interface OrderMailRow {
  order: OrderRow;
  organization: string;
  expiry: Date | null;
  email: string;
  firstName: string;
  lastName: string;
}

/** The order with its organization and the user who ordered; none when that user was deleted since. */
async function orderMailRow(db: Db, orderId: number): Promise<OrderMailRow | undefined> {
  const [row] = await db
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
  return row;
}

/**
 * The words every order e-mail fills in. The order is named by its buyer, the name on the tax
 * invoice ("บริษัท มานีการค้า จำกัด"), not by the organization, which sign-up names after the person
 * (review D17). The organization is added only when it has a name of its own, for people in
 * several organizations.
 */
function orderParams(row: OrderMailRow, locale: Locale, config: Pick<Config, "publicUrl">) {
  const { order } = row;
  const person = `${row.firstName} ${row.lastName}`.trim();
  const named = row.organization !== person && row.organization !== order.buyerName;
  return {
    id: order.id,
    package: order.packageName,
    buyer: order.buyerName,
    account: named ? translate("orders.mail.account", locale, { organization: row.organization }) : "",
    credits: formatNumber(order.credits),
    amount: formatBaht(order.totalSatang),
    wht: formatBaht(order.withholdingTaxSatang),
    expiry: row.expiry ? formatDate(row.expiry, locale) : "-",
    document: order.documentNumber ?? "-",
    reason: order.rejectReason ?? "",
    name: person,
    link: `${config.publicUrl}${localizePath("/orders", locale)}`,
  };
}

/**
 * Confirms an order the moment it is submitted (review D17): what was ordered, the amount, how
 * long the check usually takes, and for a juristic buyer without one yet, that the 50 ทวิ
 * certificate can be attached on the orders page. Enqueued in the order's transaction; keyed by
 * the order, so it is sent once.
 */
export const orderReceivedMailJob = defineJob<OrderReceivedMail>({
  name: "orders.mail-received",
  payload: z.object({ orderId: z.number().int().positive() }),
  key: (p) => String(p.orderId),
  retry: { limit: 8, delaySeconds: 30, backoff: true },
  async handler({ orderId }, ctx) {
    const row = await orderMailRow(ctx.db, orderId);
    if (!row) return;
    const needsCertificate = row.order.withholdingTaxSatang > 0 && !row.order.whtCertificateFileId;
    const body = (locale: Locale) => {
      const params = orderParams(row, locale, ctx.config);
      return [
        translate("orders.mail.greeting", locale, params),
        "",
        translate("orders.mail.received.body", locale, params),
        ...(needsCertificate ? ["", translate("orders.mail.received.certificate", locale, params)] : []),
      ].join("\n");
    };
    await ctx.mailer.send({
      to: row.email,
      subject: translate("orders.mail.received.subject", "th", { id: row.order.id }),
      text: bilingualText(body),
    });
  },
});

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
    const row = await orderMailRow(ctx.db, orderId);
    // The user was deleted since, or the order is not in this decision's state: nobody to tell.
    if (!row || row.order.status !== decision) return;
    const body = (locale: Locale) => {
      const params = orderParams(row, locale, ctx.config);
      return [
        translate("orders.mail.greeting", locale, params),
        "",
        translate(`orders.mail.${decision}.body`, locale, params),
      ].join("\n");
    };
    await ctx.mailer.send({
      to: row.email,
      subject: translate(`orders.mail.${decision}.subject`, "th", { id: row.order.id }),
      text: bilingualText(body),
    });
  },
});
