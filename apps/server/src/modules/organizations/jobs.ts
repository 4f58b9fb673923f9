import { schema } from "@sms/db";
import { LOCALES, type Locale } from "@sms/domain";
import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { translate } from "../../i18n/index.ts";
import { defineJob } from "../../jobs/define-job.ts";

export interface MemberMailPayload {
  organizationId: number;
  email: string;
  /** `added`: an account's owner is a member now; `invited`: an unknown e-mail may register to join. */
  kind: "added" | "invited";
  role: number;
  inviterName: string;
  /** The language the owner worked in: the person has no language of their own with us yet. */
  locale: Locale;
}

/**
 * Tells a person an owner added them to an organization, or invited their e-mail. Nothing is sent
 * when the membership or the invitation is gone by the time the job runs (removed meanwhile).
 */
export const memberMailJob = defineJob<MemberMailPayload>({
  name: "organizations.mail-member",
  payload: z.object({
    organizationId: z.number().int().positive(),
    email: z.string().email(),
    kind: z.enum(["added", "invited"]),
    role: z.number().int(),
    inviterName: z.string(),
    locale: z.enum(LOCALES as [Locale, ...Locale[]]),
  }),
  key: (p) => `${p.organizationId}:${p.email.toLowerCase()}:${p.kind}`,
  retry: { limit: 8, delaySeconds: 30, backoff: true },
  async handler(p, ctx) {
    const o = schema.organizations;
    const [org] = await ctx.db.select({ name: o.name }).from(o).where(eq(o.id, p.organizationId));
    if (!org) return;
    const address = p.email.toLowerCase();
    if (p.kind === "added") {
      const [still] = await ctx.db
        .select({ id: schema.members.id })
        .from(schema.members)
        .innerJoin(schema.users, eq(schema.users.id, schema.members.userId))
        .where(
          and(
            eq(schema.members.organizationId, p.organizationId),
            eq(sql`lower(${schema.users.email})`, address),
          ),
        );
      if (!still) return;
    } else {
      const i = schema.memberInvitations;
      const [pending] = await ctx.db
        .select({ id: i.id })
        .from(i)
        .where(
          and(
            eq(i.organizationId, p.organizationId),
            eq(sql`lower(${i.email})`, address),
            isNull(i.acceptedAt),
          ),
        );
      if (!pending) return;
    }
    const prefix = p.locale === "en" ? "/en" : "";
    const link = `${ctx.config.publicUrl}${prefix}${p.kind === "added" ? "/organizations" : "/register"}`;
    const params = {
      organization: org.name,
      inviter: p.inviterName,
      role: translate(`organizations.role.${p.role}`, p.locale),
      link,
    };
    await ctx.mailer.send({
      to: p.email,
      subject: translate(`organizations.mail.${p.kind}_subject`, p.locale, params),
      text: translate(`organizations.mail.${p.kind}_body`, p.locale, params),
    });
  },
});
