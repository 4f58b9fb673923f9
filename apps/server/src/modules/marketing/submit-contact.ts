import type { DbHandle } from "@sms/db";
import { schema } from "@sms/db";
import type { Locale, TContactUsRequest, ZContactUsRequest } from "@sms/domain";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import { translate } from "../../i18n/index.ts";
import "../../i18n/marketing.ts";
import type { Mailer } from "../../mail/index.ts";

export type SubmitContactOptions = {
  input: z.output<typeof ZContactUsRequest>;
  locale: Locale;
  ip: string | null;
  userAgent: string | null;
};
export type SubmitContactResult = { id: number | null; emailed: boolean };
export type { TContactUsRequest };

/** The support team reads Thai first; the visitor's language is noted in the mail. */
const MAIL_LOCALE: Locale = "th";

/**
 * Stores a contact-us message, then e-mails it to the support address. A honeypot hit is answered
 * like a success but neither stored nor sent. A mail failure is logged, not shown to the visitor:
 * the message is safe in the database and staff can read it there.
 */
export async function submitContact(
  deps: { db: DbHandle; mailer: Mailer; supportEmail: string; log: FastifyBaseLogger },
  { input, locale, ip, userAgent }: SubmitContactOptions,
): Promise<SubmitContactResult> {
  if (input.website && input.website.trim() !== "") {
    deps.log.info({ ip }, "contact form honeypot filled; ignored");
    return { id: null, emailed: false };
  }
  const [row] = await deps.db.db
    .insert(schema.contactSubmissions)
    .values({
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      company: input.company ?? null,
      topic: input.topic,
      message: input.message,
      locale,
      ip,
      userAgent: userAgent?.slice(0, 500) ?? null,
    })
    .returning({ id: schema.contactSubmissions.id });
  if (!row) throw new Error("contact submission insert returned no row");

  const t = (key: string, params?: Record<string, string | number>) => translate(key, MAIL_LOCALE, params);
  const topic = t(`marketing.topic.${input.topic}`);
  const lines: [string, string | undefined][] = [
    [t("marketing.mail.reference"), `#${row.id}`],
    [t("marketing.mail.name"), input.name],
    [t("marketing.mail.email"), input.email],
    [t("marketing.mail.phone"), input.phone],
    [t("marketing.mail.company"), input.company],
    [t("marketing.mail.topic"), topic],
    [t("marketing.mail.language"), locale],
  ];
  const text = [
    t("marketing.mail.intro"),
    "",
    ...lines.filter(([, v]) => v).map(([label, v]) => `${label}: ${v}`),
    "",
    `${t("marketing.mail.message")}:`,
    input.message,
  ].join("\n");
  try {
    await deps.mailer.send({
      to: deps.supportEmail,
      subject: t("marketing.mail.subject", { topic, name: input.name }),
      text,
    });
    await deps.db.db
      .update(schema.contactSubmissions)
      .set({ emailedAt: new Date() })
      .where(eq(schema.contactSubmissions.id, row.id));
    return { id: row.id, emailed: true };
  } catch (err) {
    deps.log.error({ err, submissionId: row.id }, "contact e-mail failed; the submission is stored");
    return { id: row.id, emailed: false };
  }
}
