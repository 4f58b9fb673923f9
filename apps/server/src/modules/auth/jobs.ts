import { schema } from "@sms/db";
import { type Locale, localizePath } from "@sms/domain";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { translate } from "../../i18n/index.ts";
import { defineJob } from "../../jobs/define-job.ts";

/**
 * The welcome e-mail at the end of a registration (review D4): the next steps every new customer
 * should start at once, with links. Enqueued when the registration's e-mail code is confirmed
 * (which happens once per account); sent only to an account whose phone and e-mail are verified.
 * At least once: a crash between the send and the job's completion may send it twice, which a
 * welcome can afford (no column records it).
 */
export const welcomeMailJob = defineJob<{ userId: number; locale: Locale }>({
  name: "auth.welcome-mail",
  payload: z.object({ userId: z.number().int().positive(), locale: z.enum(["th", "en"]) }),
  key: (p) => String(p.userId),
  retry: { limit: 8, delaySeconds: 30, backoff: true },
  async handler({ userId, locale }, ctx) {
    const u = schema.users;
    const [user] = await ctx.db
      .select({
        email: u.email,
        firstName: u.firstName,
        phoneVerifiedAt: u.phoneNumberVerifiedAt,
        emailVerifiedAt: u.emailVerifiedAt,
      })
      .from(u)
      .where(eq(u.id, userId));
    if (!user?.emailVerifiedAt || !user.phoneVerifiedAt) return;
    const link = (path: string) => `${ctx.config.publicUrl}${localizePath(path, locale)}`;
    const text = translate("accounts.email.welcome.body", locale, {
      name: user.firstName,
      trial: link("/dashboard"),
      sender: link("/senders/create"),
      credit: link("/subscriptions"),
    });
    await ctx.mailer.send({
      to: user.email,
      subject: translate("accounts.email.welcome.subject", locale),
      text,
      html: text
        .split("\n")
        .map((line) => `<p>${line.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`)
        .join(""),
    });
  },
});
