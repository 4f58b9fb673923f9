import { schema } from "@sms/db";
import { type Locale, localizePath } from "@sms/domain";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { translate } from "../../i18n/index.ts";
import { defineJob, type JobDefinition } from "../../jobs/define-job.ts";
import { bilingualText } from "../../mail/index.ts";

export interface VerificationReminder {
  userId: number;
}

/**
 * The reminder support sends (remindVerification): what is still unverified and the link to the
 * verification page, in Thai then English. Says nothing once both are verified.
 */
export const verificationReminderJob = defineJob<VerificationReminder>({
  name: "admin.mail-verification-reminder",
  payload: z.object({ userId: z.number().int().positive() }),
  key: (p) => String(p.userId),
  retry: { limit: 8, delaySeconds: 30, backoff: true },
  async handler({ userId }, ctx) {
    const [user] = await ctx.db.select().from(schema.users).where(eq(schema.users.id, userId));
    if (!user || (user.phoneNumberVerifiedAt && user.emailVerifiedAt)) return;
    const name = `${user.firstName} ${user.lastName}`.trim();
    const body = (locale: Locale) => {
      const missing = [
        user.phoneNumberVerifiedAt ? null : translate("admin.mail.reminder.phone", locale),
        user.emailVerifiedAt ? null : translate("admin.mail.reminder.email", locale),
      ].filter((line): line is string => line !== null);
      return [
        translate("admin.mail.reminder.greeting", locale, { name }),
        "",
        translate("admin.mail.reminder.body", locale, { items: missing.join(", ") }),
        `${ctx.config.publicUrl}${localizePath("/accounts", locale)}`,
      ].join("\n");
    };
    await ctx.mailer.send({
      to: user.email,
      subject: translate("admin.mail.reminder.subject", "th"),
      text: bilingualText(body),
    });
  },
});

export const adminJobs: readonly JobDefinition[] = [verificationReminderJob];
