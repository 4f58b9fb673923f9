import { schema } from "@sms/db";
import {
  alertSendsEmail,
  alertSendsSms,
  formatDate,
  formatNumber,
  type Locale,
  localizePath,
  MEMBER_ROLE,
} from "@sms/domain";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { translate } from "../../i18n/index.ts";
import type { JobContext, JobDefinition } from "../../jobs/define-job.ts";
import { defineJob } from "../../jobs/define-job.ts";
import { type ClaimedAlert, checkAlerts } from "./check-alerts.ts";

export interface AlertDelivery {
  organizationId: number;
  kind: "low_credit" | "expiry";
  /** One job per channel, so a failing SMS gateway never sends the e-mail twice. */
  via: "email" | "sms";
  locale: Locale;
  /** The crossing's marker (ClaimedAlert.crossing), ISO. */
  crossing: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Sends one claimed alert through one channel to the organization's owners, in the language of
 * whoever saved the settings. Skipped when the crossing is no longer the current one (armed again
 * or switched off since it was claimed), so a late retry never reports a crossing that is over.
 */
export const alertDeliveryJob = defineJob<AlertDelivery>({
  name: "settings.deliver-alert",
  payload: z.object({
    organizationId: z.number().int().positive(),
    kind: z.enum(["low_credit", "expiry"]),
    via: z.enum(["email", "sms"]),
    locale: z.enum(["th", "en"]),
    crossing: z.iso.datetime(),
  }),
  key: (p) => `${p.organizationId}:${p.kind}:${p.via}:${p.crossing}`,
  retry: { limit: 8, delaySeconds: 30, backoff: true },
  async handler(alert, ctx) {
    const [row] = await ctx.db
      .select({ settings: schema.alertSettings, organization: schema.organizations })
      .from(schema.alertSettings)
      .innerJoin(schema.organizations, eq(schema.organizations.id, schema.alertSettings.organizationId))
      .where(eq(schema.alertSettings.organizationId, alert.organizationId));
    if (!row) return;
    const { settings, organization } = row;
    const marker = alert.kind === "low_credit" ? settings.lowCreditAlertedAt : settings.expiryAlertedFor;
    const enabled = alert.kind === "low_credit" ? settings.lowCreditEnabled : settings.expiryEnabled;
    if (!enabled || marker?.getTime() !== new Date(alert.crossing).getTime()) return;

    const { locale } = alert;
    const params = {
      organization: organization.name,
      credits: formatNumber(organization.credits),
      threshold: formatNumber(settings.lowCreditThreshold),
      date: organization.creditExpiredOn ? formatDate(organization.creditExpiredOn, locale) : "-",
      days: settings.expiryDays,
      link: `${ctx.config.publicUrl}${localizePath("/subscriptions", locale)}`,
      settings: `${ctx.config.publicUrl}${localizePath("/accounts/settings", locale)}`,
    };
    for (const owner of await ownersOf(ctx, alert.organizationId)) {
      const name = `${owner.firstName} ${owner.lastName}`.trim();
      if (alert.via === "sms") {
        await ctx.smsGateway.send({
          to: owner.phoneNumber,
          sender: ctx.config.otpSender,
          text: translate(`settings.alert.${alert.kind}.sms`, locale, params),
        });
      } else {
        const body = [
          translate("settings.alert.greeting", locale, { name }),
          "",
          translate(`settings.alert.${alert.kind}.body`, locale, params),
          "",
          translate("settings.alert.footer", locale, params),
        ].join("\n");
        await ctx.mailer.send({
          to: owner.email,
          subject: translate(`settings.alert.${alert.kind}.subject`, locale, params),
          text: body,
          html: body
            .split("\n")
            .map((line) => `<p>${escapeHtml(line)}</p>`)
            .join(""),
        });
      }
    }
  },
});

/** The owners of an organization: who is told about its balance. */
function ownersOf(ctx: JobContext, organizationId: number) {
  return ctx.db
    .select({
      email: schema.users.email,
      phoneNumber: schema.users.phoneNumber,
      firstName: schema.users.firstName,
      lastName: schema.users.lastName,
    })
    .from(schema.members)
    .innerJoin(schema.users, eq(schema.users.id, schema.members.userId))
    .where(and(eq(schema.members.organizationId, organizationId), eq(schema.members.role, MEMBER_ROLE.owner)))
    .orderBy(schema.members.id);
}

/** The delivery jobs of claimed alerts: one per channel the alert goes through. */
export function deliveriesOf(alert: ClaimedAlert): AlertDelivery[] {
  const base = {
    organizationId: alert.organizationId,
    kind: alert.kind,
    locale: alert.locale,
    crossing: alert.crossing.toISOString(),
  };
  return [
    ...(alertSendsEmail(alert.channel) ? [{ ...base, via: "email" as const }] : []),
    ...(alertSendsSms(alert.channel) ? [{ ...base, via: "sms" as const }] : []),
  ];
}

/**
 * Every 5 minutes (Asia/Bangkok cron): claims the low-credit and expiry crossings (checkAlerts) and
 * enqueues their deliveries in the claiming transaction, so each is sent once, with retries.
 */
export const checkAlertsJob = defineJob<{ run: "alerts" }>({
  name: "settings.check-alerts",
  payload: z.object({ run: z.literal("alerts") }),
  key: () => "check-alerts",
  retry: { limit: 3, delaySeconds: 30, backoff: true },
  expireInSeconds: 300,
  cron: { schedule: "*/5 * * * *", payload: { run: "alerts" } },
  async handler(_payload, ctx) {
    const { alerts } = await runAlertCheck(ctx, new Date());
    if (alerts.length > 0) ctx.log.info({ alerts: alerts.length }, "credit alerts claimed");
  },
});

/** One check at `now` (the job's clock, or a test's), enqueueing what it claims. */
export function runAlertCheck(ctx: Pick<JobContext, "db" | "enqueue">, now: Date) {
  return checkAlerts(ctx.db, now, async (tx, alerts) => {
    for (const alert of alerts)
      for (const delivery of deliveriesOf(alert)) await ctx.enqueue(alertDeliveryJob, delivery, { tx });
  });
}

/** The jobs of this module, listed in its manifest (index.ts). */
export const settingsJobs: readonly JobDefinition[] = [checkAlertsJob, alertDeliveryJob];
