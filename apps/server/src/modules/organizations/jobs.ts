import { schema } from "@sms/db";
import { formatDateTime, LOCALES, type Locale, looksLikeLink } from "@sms/domain";
import { hasMarkup } from "@sms/domain/rules/person-name";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { type MessageKey, storedKey, translate } from "../../i18n/index.ts";
import { defineJob } from "../../jobs/define-job.ts";

export interface MemberMailPayload {
  /** Absent in jobs queued before ADR 33: those find the invitation by organization and e-mail. */
  invitationId?: number;
  organizationId: number;
  email: string;
  role: number;
  inviterName: string;
  /** The language the owner worked in: the person has no language of their own with us yet. */
  locale: Locale;
}

/**
 * A customer's own text as the invitation e-mail quotes it: one line, and nothing a mail client
 * would turn into a link or markup. Names stored before the rule of ADR 33 may still carry a link,
 * so such a name is left out rather than sent from the platform's domain.
 */
function quotable(value: string, fallbackKey: MessageKey, locale: Locale): string {
  const line = value
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (line === "" || looksLikeLink(line) || hasMarkup(line)) return translate(fallbackKey, locale);
  return line;
}

/**
 * Tells a person an owner invited their e-mail (ADR 33). The subject is fixed text: nothing a
 * customer typed reaches it (review S4-9). Nothing is sent when the invitation was answered,
 * revoked or expired by the time the job runs.
 */
export const memberMailJob = defineJob<MemberMailPayload>({
  name: "organizations.mail-member",
  payload: z.object({
    invitationId: z.number().int().positive().optional(),
    organizationId: z.number().int().positive(),
    email: z.string().email(),
    role: z.number().int(),
    inviterName: z.string(),
    locale: z.enum(LOCALES as [Locale, ...Locale[]]),
  }),
  key: (p) => `${p.organizationId}:${p.email.toLowerCase()}:${p.invitationId ?? "invited"}`,
  retry: { limit: 8, delaySeconds: 30, backoff: true },
  async handler(p, ctx) {
    const i = schema.memberInvitations;
    const address = p.email.toLowerCase();
    const [invitation] = await ctx.db
      .select({ expiresAt: i.expiresAt, organization: schema.organizations.name })
      .from(i)
      .innerJoin(schema.organizations, eq(schema.organizations.id, i.organizationId))
      .where(
        and(
          p.invitationId === undefined ? undefined : eq(i.id, p.invitationId),
          eq(i.organizationId, p.organizationId),
          eq(sql`lower(${i.email})`, address),
          isNull(i.acceptedAt),
          isNull(i.declinedAt),
          isNull(i.revokedAt),
          gt(i.expiresAt, new Date()),
        ),
      );
    if (!invitation) return;
    const [account] = await ctx.db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(sql`lower(${schema.users.email})`, address));
    const prefix = p.locale === "en" ? "/en" : "";
    // Someone with an account accepts on the organizations page; anyone else registers first.
    const link = `${ctx.config.publicUrl}${prefix}${account ? "/organizations" : "/register"}`;
    const params = {
      organization: quotable(invitation.organization, "organizations.mail.unnamed_organization", p.locale),
      inviter: quotable(p.inviterName, "organizations.mail.unnamed_inviter", p.locale),
      role: translate(storedKey(`organizations.role.${p.role}`), p.locale),
      expires: formatDateTime(invitation.expiresAt, p.locale),
      link,
    };
    await ctx.mailer.send({
      to: p.email,
      subject: translate("organizations.mail.invited_subject", p.locale),
      text: translate("organizations.mail.invited_body", p.locale, params),
    });
  },
});
