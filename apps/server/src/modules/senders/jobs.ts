import { schema } from "@sms/db";
import { formatDate, type Locale, localizePath, MEMBER_ROLE, senderCancellationDate } from "@sms/domain";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { translate } from "../../i18n/index.ts";
import type { JobContext, JobDefinition } from "../../jobs/define-job.ts";
import { defineJob } from "../../jobs/define-job.ts";
import { bilingualText } from "../../mail/index.ts";
import { checkSenderInactivity, type InactiveSender } from "./check-sender-inactivity.ts";

export interface SenderDecisionMail {
  senderId: number;
  decision: "approved" | "blocked";
}

interface Recipient {
  email: string;
  firstName: string;
  lastName: string;
}

/** Every mail greets the recipient by name, in Thai then English. */
function bilingual(recipient: Recipient, body: (locale: Locale) => string): string {
  const name = `${recipient.firstName} ${recipient.lastName}`.trim();
  return bilingualText((locale) =>
    [translate("senders.mail.greeting", locale, { name }), "", body(locale)].join("\n"),
  );
}

const sendersLink = (ctx: JobContext, locale: Locale, id: number) =>
  `${ctx.config.publicUrl}${localizePath(`/senders/${id}`, locale)}`;

/**
 * Tells the user who asked for a sender name that staff approved or blocked it (with the reason or
 * note). Sent once per decision: the job key is the sender and its decision, decided only once.
 */
export const senderDecisionMailJob = defineJob<SenderDecisionMail>({
  name: "senders.mail-decision",
  payload: z.object({ senderId: z.number().int().positive(), decision: z.enum(["approved", "blocked"]) }),
  key: (p) => `${p.senderId}:${p.decision}`,
  retry: { limit: 8, delaySeconds: 30, backoff: true },
  async handler({ senderId, decision }, ctx) {
    const [row] = await ctx.db
      .select({
        sender: schema.senders,
        organization: schema.organizations.name,
        email: schema.users.email,
        firstName: schema.users.firstName,
        lastName: schema.users.lastName,
      })
      .from(schema.senders)
      .innerJoin(schema.organizations, eq(schema.organizations.id, schema.senders.organizationId))
      .innerJoin(schema.users, eq(schema.users.id, schema.senders.requestedBy))
      .where(eq(schema.senders.id, senderId));
    // The requester was deleted since, or the sender is no longer in this decision's state: nobody to tell.
    if (!row || row.sender.status !== decision) return;
    const { sender } = row;
    await ctx.mailer.send({
      to: row.email,
      subject: translate(`senders.mail.${decision}.subject`, "th", { sender: sender.name }),
      text: bilingual(row, (locale) => {
        const params = {
          sender: sender.name,
          organization: row.organization,
          reason: sender.decisionReason ?? "",
          link: sendersLink(ctx, locale, sender.id),
        };
        const note =
          decision === "approved" && sender.decisionReason
            ? `\n${translate("senders.mail.approved.note", locale, params)}`
            : "";
        return `${translate(`senders.mail.${decision}.body`, locale, params)}${note}`;
      }),
    });
  },
});

/** The owners of each organization, to tell about its senders' inactivity. */
async function ownersOf(ctx: JobContext, organizationId: number) {
  return ctx.db
    .select({
      email: schema.users.email,
      firstName: schema.users.firstName,
      lastName: schema.users.lastName,
      organization: schema.organizations.name,
    })
    .from(schema.members)
    .innerJoin(schema.users, eq(schema.users.id, schema.members.userId))
    .innerJoin(schema.organizations, eq(schema.organizations.id, schema.members.organizationId))
    .where(
      and(eq(schema.members.organizationId, organizationId), eq(schema.members.role, MEMBER_ROLE.owner)),
    );
}

export interface SenderInactivityMail {
  senderId: number;
  kind: "warning" | "cancelled";
  /** The day the name is (or was) cancelled, as the run computed it. */
  cancelOn: string;
}

/**
 * Tells an organization's owners that a sender name will be cancelled in a month, or was. Enqueued
 * by the daily check in the transaction that marks the sender, so a mail is never lost to a failed
 * send (it retries) and never repeated by a second run (the sender is marked once; the key is the
 * sender, the kind and the day).
 */
export const senderInactivityMailJob = defineJob<SenderInactivityMail>({
  name: "senders.mail-inactivity",
  payload: z.object({
    senderId: z.number().int().positive(),
    kind: z.enum(["warning", "cancelled"]),
    cancelOn: z.iso.datetime(),
  }),
  key: (p) => `${p.senderId}:${p.kind}:${p.cancelOn}`,
  retry: { limit: 8, delaySeconds: 30, backoff: true },
  async handler({ senderId, kind, cancelOn }, ctx) {
    const [sender] = await ctx.db.select().from(schema.senders).where(eq(schema.senders.id, senderId));
    // Deleted with its organization since, or no longer in the state this mail is about.
    if (!sender?.organizationId || sender.status !== (kind === "warning" ? "approved" : "cancelled")) return;
    for (const owner of await ownersOf(ctx, sender.organizationId)) {
      await ctx.mailer.send({
        to: owner.email,
        subject: translate(`senders.mail.${kind}.subject`, "th", { sender: sender.name }),
        text: bilingual(owner, (locale) =>
          translate(`senders.mail.${kind}.body`, locale, {
            sender: sender.name,
            organization: owner.organization,
            date: formatDate(new Date(cancelOn), locale),
            link: sendersLink(ctx, locale, sender.id),
          }),
        ),
      });
    }
  },
});

function inactivityMail(sender: InactiveSender, kind: SenderInactivityMail["kind"], now: Date) {
  return {
    senderId: sender.id,
    kind,
    cancelOn: senderCancellationDate(sender.lastActivity, now).toISOString(),
  };
}

/**
 * Daily at 09:00 Bangkok time (terms §13): warns the owners of approved senders unused for 11
 * months, and cancels those unused for a year a month after the warning, telling the owners.
 *
 * The marks are set-based and idempotent (checkSenderInactivity); each marked sender's mail is a
 * job enqueued in the marking transaction, so it is sent (with retries) exactly when the mark commits.
 */
export const senderInactivityJob = defineJob<{ run: "inactivity" }>({
  name: "senders.check-inactivity",
  payload: z.object({ run: z.literal("inactivity") }),
  key: () => "check-inactivity",
  retry: { limit: 3, delaySeconds: 60, backoff: true },
  expireInSeconds: 900,
  cron: { schedule: "0 9 * * *", payload: { run: "inactivity" } },
  async handler(_payload, ctx) {
    const now = new Date();
    const { warned, cancelled } = await checkSenderInactivity(ctx.db, now, async (tx, marked) => {
      for (const sender of marked.warned)
        await ctx.enqueue(senderInactivityMailJob, inactivityMail(sender, "warning", now), { tx });
      for (const sender of marked.cancelled)
        await ctx.enqueue(senderInactivityMailJob, inactivityMail(sender, "cancelled", now), { tx });
    });
    if (warned.length + cancelled.length > 0) {
      ctx.log.info({ warned: warned.length, cancelled: cancelled.length }, "sender inactivity checked");
    }
  },
});

/** The jobs of this module, listed in its manifest (index.ts). */
export const sendersJobs: readonly JobDefinition[] = [
  senderDecisionMailJob,
  senderInactivityJob,
  senderInactivityMailJob,
];
