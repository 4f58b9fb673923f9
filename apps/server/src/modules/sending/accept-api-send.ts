import { type Db, schema, type Tx } from "@sms/db";
import { countSms } from "@sms/domain";
import { and, asc, eq } from "drizzle-orm";
import type { TenantScope } from "../../platform/tenant.ts";
import type { CampaignRow } from "../campaigns/index.ts";
import { balanceOf } from "../credits/index.ts";
import { planLinkTracking } from "../links/index.ts";
import { acceptSend } from "./accept-send.ts";
import { insertContactMessages } from "./contact-recipients.ts";
import { resolveSend, type SendDeps } from "./resolve-send.ts";
import { assertTrackable, withTrackedLinks } from "./track-links.ts";

export interface ApiSendInput {
  organizationId: number;
  /** Valid 66-form numbers, unique among themselves, in the order the client sent them. */
  numbers: readonly string[];
  /** Sent as written: braces are never tags in an API send. */
  message: string;
  sender: string;
  /** Shorten the text's links to tracked links (`shorten_url`). */
  trackLinks: boolean;
  /** The client's `tag`, kept as the send's name (reports); "API" when absent. */
  tag?: string | undefined;
  /** Where delivery webhooks will go (http/https, checked by the route); stored on the send. */
  callbackUrl?: string | undefined;
  /** `scheduled_delivery`: charged and stored now, handed to the gateway from this time. */
  startAt?: Date | null | undefined;
  /** `otp` for POST /api/v2/otp/request's code (no tracked links); `api` otherwise. */
  type?: "api" | "otp" | undefined;
  /**
   * Runs in the acceptance's transaction once the messages are stored: the public API's pumping
   * guard and idempotency record. A throw rolls the whole send back (nothing stored or charged).
   */
  onAccepted?:
    | ((tx: Tx, campaign: { id: number; acceptedAt: Date }, numbers: readonly string[]) => Promise<void>)
    | undefined;
}

export interface ApiSendResult {
  campaign: CampaignRow;
  /** One per stored message, seq order (the numbers' order). */
  messages: { recipient: string; messageId: number; credits: number }[];
  /** The organization's balance once this send was charged. */
  balance: number;
}

/**
 * POST /api/v2/sms (issue 14 point 3): a send of kind `api`, purpose general, with one message of
 * type `api` per number, accepted like every send (acceptSend: campaign, messages, ledger debit and
 * dispatch jobs in one transaction; too few credits rolls everything back). The sender is checked
 * as the portal's sends check it (findSendableSender: the shared default or the organization's own
 * approved sender). No user acts: the ledger entry has no member.
 */
export async function acceptApiSend(deps: SendDeps, input: ApiSendInput): Promise<ApiSendResult> {
  const actor = { organizationId: input.organizationId, userId: null, memberId: null };
  const resolved = await resolveSend(deps, actor, {
    sender: input.sender,
    purpose: "general",
    message: input.message,
    otpCode: input.type === "otp",
  });
  const sender = resolved.sender;
  if (!sender) throw new Error("an API send names its sender (checked by the contract)");
  const tracking = planLinkTracking(resolved.text, input.trackLinks, deps.linkOrigin);
  assertTrackable(tracking, input.numbers.length);
  const counted = tracking?.countingText ?? resolved.text;
  const accepted = await acceptSend(
    deps,
    actor,
    {
      kind: "api",
      ...(input.type === "otp" ? { ledgerReason: "ledger.otp_send" } : {}),
      name: input.tag?.trim() || "API",
      purpose: "general",
      sender,
      text: resolved.text,
      templateId: null,
      groupIds: [],
      manualContacts: input.numbers.length,
      fileName: null,
      invalid: 0,
      duplicates: 0,
      idempotencyKey: null,
      callbackUrl: input.callbackUrl ?? null,
      startAt: input.startAt ?? null,
    },
    async (tx, campaign) => {
      const recipients = await withTrackedLinks(
        tx,
        {
          organizationId: input.organizationId,
          groupIds: [],
          manual: input.numbers,
          suppress: false,
          text: resolved.text,
          pieces: [{ text: counted }],
          uniformParts: countSms(counted).parts,
        },
        tracking,
        campaign.id,
      );
      const counts = await insertContactMessages(tx, recipients, {
        campaignId: campaign.id,
        acceptedAt: campaign.acceptedAt,
        type: input.type ?? "api",
        sender: sender.name,
      });
      await input.onAccepted?.(tx, campaign, input.numbers);
      return { recipients: counts.kept, credits: counts.credits, duplicates: 0, suppressed: 0 };
    },
  );
  return {
    campaign: accepted.campaign,
    messages: await apiSendMessages(deps.db, accepted.campaign),
    balance: await balanceOf(deps.db, input.organizationId),
  };
}

/** An API send's messages in the numbers' order (its partition: every message has the send's accepted_at). */
async function apiSendMessages(
  db: Db,
  campaign: { id: number; acceptedAt: Date },
): Promise<ApiSendResult["messages"]> {
  const m = schema.messages;
  return db
    .select({ recipient: m.recipient, messageId: m.id, credits: m.credits })
    .from(m)
    .where(and(eq(m.campaignId, campaign.id), eq(m.createdAt, campaign.acceptedAt)))
    .orderBy(asc(m.seq));
}

/**
 * An earlier API send of the organization, as acceptApiSend answered it (the balance as it is
 * now): an Idempotency-Key replay whose answer was not stored. Null when it is not the
 * organization's API send.
 */
export async function findApiSend(
  scope: TenantScope,
  campaignId: number,
): Promise<Omit<ApiSendResult, "campaign"> | null> {
  const campaign = await scope.findByIdOrNull(schema.campaigns, campaignId);
  if (campaign?.kind !== "api") return null;
  return {
    messages: await apiSendMessages(scope.db, campaign),
    balance: await balanceOf(scope.db, scope.organizationId),
  };
}
