import { schema } from "@sms/db";
import type { Locale } from "@sms/domain";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { type MessageKey, storedKey, translate } from "../../i18n/index.ts";
import { defineJob } from "../../jobs/define-job.ts";

/** The support team reads Thai first; the visitor's language is noted in the mail. */
const MAIL_LOCALE: Locale = "th";

/**
 * E-mails a stored contact-form message to the support address. Idempotent through
 * `contact_submissions.emailed_at`; a mail server failure is retried with backoff, and the message
 * stays readable in the back office meanwhile.
 */
export const contactMailJob = defineJob<{ submissionId: number }>({
  name: "marketing.mail-contact-submission",
  payload: z.object({ submissionId: z.number().int().positive() }),
  key: (p) => String(p.submissionId),
  retry: { limit: 8, delaySeconds: 30, backoff: true },
  async handler({ submissionId }, ctx) {
    const t = schema.contactSubmissions;
    const [row] = await ctx.db.select().from(t).where(eq(t.id, submissionId));
    if (!row || row.emailedAt) return;
    const tr = (key: MessageKey, params?: Record<string, string | number>) =>
      translate(key, MAIL_LOCALE, params);
    const topic = tr(storedKey(`marketing.topic.${row.topic}`));
    const lines: [string, string | null][] = [
      [tr("marketing.mail.reference"), `#${row.id}`],
      [tr("marketing.mail.name"), row.name],
      [tr("marketing.mail.email"), row.email],
      [tr("marketing.mail.phone"), row.phone],
      [tr("marketing.mail.company"), row.company],
      [tr("marketing.mail.topic"), topic],
      [tr("marketing.mail.language"), row.locale],
    ];
    const text = [
      tr("marketing.mail.intro"),
      "",
      ...lines.filter(([, v]) => v).map(([label, v]) => `${label}: ${v}`),
      "",
      `${tr("marketing.mail.message")}:`,
      row.message,
    ].join("\n");
    await ctx.mailer.send({
      to: ctx.config.supportEmail,
      subject: tr("marketing.mail.subject", { topic, name: row.name }),
      text,
    });
    await ctx.db.update(t).set({ emailedAt: new Date() }).where(eq(t.id, row.id));
  },
});
