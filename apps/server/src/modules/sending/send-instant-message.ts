import { schema } from "@sms/db";
import { countSms, type SendPurpose, type TMessage, toLocalPhone } from "@sms/domain";
import { and, eq } from "drizzle-orm";
import { type CampaignRow, presentMessage } from "../campaigns/index.ts";
import { planLinkTracking } from "../links/index.ts";
import { planOptOut } from "../opt-outs/index.ts";
import { acceptSend, replayedSend } from "./accept-send.ts";
import { insertContactMessages } from "./contact-recipients.ts";
import { withOptOutFooter } from "./opt-out-footer.ts";
import { resolveSend, type SendActor, type SendDeps } from "./resolve-send.ts";
import { withTrackedLinks } from "./track-links.ts";

export interface InstantMessageInput {
  /** 66 form (the contract normalised it). */
  phoneNumber: string;
  sender: string;
  /** Sent as written: tags are for campaigns. */
  message: string;
  purpose: SendPurpose;
  /** Shorten the text's links to a tracked link (off by default). */
  trackLinks?: boolean | undefined;
  /** A marketing message's opt-out footer (on unless false; ADR 93). */
  optOutLink?: boolean | undefined;
  idempotencyKey?: string | null;
}

export interface InstantMessageResult {
  message: TMessage;
  replayed: boolean;
}

async function messageOf(deps: SendDeps, campaign: CampaignRow): Promise<TMessage> {
  const m = schema.messages;
  const [row] = await deps.db
    .select()
    .from(m)
    .where(and(eq(m.campaignId, campaign.id), eq(m.createdAt, campaign.acceptedAt), eq(m.seq, 1)));
  if (!row) throw new Error(`campaign ${campaign.id} has no message`);
  return presentMessage(row, campaign);
}

/**
 * POST /c/messages (spec §5: one number per instant send): stored as a send of kind `instant` with
 * one message of type `instant`, charged and queued like any campaign. A marketing message to a
 * number on the organization's suppression list is refused (422), nothing charged.
 */
export async function sendInstantMessage(
  deps: SendDeps,
  actor: SendActor,
  input: InstantMessageInput,
): Promise<InstantMessageResult> {
  const key = input.idempotencyKey ?? null;
  const earlier = await replayedSend(deps, actor, "instant", key);
  if (earlier) return { message: await messageOf(deps, earlier.campaign), replayed: true };

  const resolved = await resolveSend(deps, actor, input);
  const sender = resolved.sender;
  if (!sender) throw new Error("an instant message names its sender (checked by the contract)");
  const tracking = planLinkTracking(resolved.text, input.trackLinks ?? false, deps.linkOrigin);
  const counted = tracking?.countingText ?? resolved.text;
  const optOut = planOptOut(resolved.text, input.purpose, input.optOutLink, deps.linkOrigin);
  const accepted = await acceptSend(
    deps,
    actor,
    {
      kind: "instant",
      name: toLocalPhone(input.phoneNumber),
      purpose: input.purpose,
      sender,
      text: resolved.text,
      templateId: null,
      groupIds: [],
      manualContacts: 1,
      fileName: null,
      invalid: 0,
      duplicates: 0,
      idempotencyKey: key,
    },
    async (tx, campaign) => {
      const linked = await withTrackedLinks(
        tx,
        {
          organizationId: actor.organizationId,
          groupIds: [],
          manual: [input.phoneNumber],
          suppress: input.purpose === "marketing",
          text: resolved.text,
          pieces: [{ text: counted }],
          uniformParts: countSms(`${counted}${optOut?.preview ?? ""}`).parts,
        },
        tracking,
        campaign.id,
      );
      const recipients = await withOptOutFooter(tx, linked, optOut, campaign.id);
      const counts = await insertContactMessages(tx, recipients, {
        campaignId: campaign.id,
        acceptedAt: campaign.acceptedAt,
        type: "instant",
        sender: sender.name,
      });
      return {
        recipients: counts.kept,
        credits: counts.credits,
        duplicates: 0,
        suppressed: counts.unique - counts.kept,
      };
    },
  );
  return { message: await messageOf(deps, accepted.campaign), replayed: accepted.replayed };
}
