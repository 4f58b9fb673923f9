import type { Locale } from "@sms/domain";
import { translate } from "../../i18n/index.ts";
import type { JobContext } from "../../jobs/define-job.ts";

type Channel = "sms" | "email";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function htmlOf(text: string): string {
  return text
    .split("\n")
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join("");
}

async function send(
  deps: Pick<JobContext, "mailer" | "smsGateway" | "config">,
  channel: Channel,
  to: string,
  content: { sms: string; subject: string; body: string },
): Promise<void> {
  if (channel === "sms") {
    await deps.smsGateway.send({ to, sender: deps.config.otpSender, text: content.sms });
  } else {
    await deps.mailer.send({ to, subject: content.subject, text: content.body, html: htmlOf(content.body) });
  }
}

/** Sends a one-time code in the reader's language (Accept-Language; Thai by default). */
export async function deliverOtp(
  deps: Pick<JobContext, "mailer" | "smsGateway" | "config">,
  input: { channel: Channel; destination: string; code: string; refCode: string; locale: Locale },
): Promise<void> {
  const params = { code: input.code, ref: input.refCode };
  await send(deps, input.channel, input.destination, {
    sms: translate("accounts.sms.otp", input.locale, params),
    subject: translate("accounts.email.otp.subject", input.locale, params),
    body: translate("accounts.email.otp.body", input.locale, params),
  });
}

/** Tells the owner of an address that someone tried to register it or add it to another account. */
export async function deliverNotice(
  deps: Pick<JobContext, "mailer" | "smsGateway" | "config">,
  input: { channel: Channel; destination: string; kind: "register" | "change"; locale: Locale },
): Promise<void> {
  const prefix = input.kind === "register" ? "register_notice" : "change_notice";
  await send(deps, input.channel, input.destination, {
    sms: translate(`accounts.sms.${prefix}`, input.locale),
    subject: translate(`accounts.email.${prefix}.subject`, input.locale),
    body: translate(`accounts.email.${prefix}.body`, input.locale),
  });
}
