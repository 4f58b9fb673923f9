import { schema } from "@sms/db";
import {
  countSms,
  isTemplateTag,
  MANUAL_CONTACTS_LIMIT,
  parseManualContacts,
  type SendPurpose,
} from "@sms/domain";
import { isPersonalised, splitMessage } from "@sms/domain/rules/personalisation";
import { inArray } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { type LinkTracking, planLinkTracking } from "../links/index.ts";
import { type OptOutPlan, planOptOut, previewFooter } from "../opt-outs/index.ts";
import type { ContactRecipients } from "./contact-recipients.ts";
import { type ResolvedSend, resolveSend, type SendActor, type SendDeps, scopeOf } from "./resolve-send.ts";

/** A campaign to contact groups and typed numbers, as the create and preview bodies give it. */
export interface ContactSendInput {
  sender?: string | undefined;
  purpose: SendPurpose;
  groupIds: readonly number[];
  /** The manual-contacts textarea as typed. */
  manualContacts: string;
  templateId?: number | undefined;
  message?: string | undefined;
  /** Shorten the text's links to tracked per-recipient links. */
  trackLinks?: boolean | undefined;
  /** A marketing send's opt-out footer (on unless false; ADR 93). */
  optOutLink?: boolean | undefined;
}

export interface ContactSendPlan {
  resolved: ResolvedSend;
  /**
   * Counts what would be sent: with tracked links, the pieces are of the text as counted (each
   * link as long as a short link); the acceptance writes the real links (withTrackedLinks).
   */
  recipients: ContactRecipients;
  /** The text's links when they are tracked; null when tracking is off or there is no link. */
  tracking: LinkTracking | null;
  /** The send's opt-out footer; null when it carries none. `recipients.optOut` is its preview. */
  optOut: OptOutPlan | null;
  personalised: boolean;
  /** Typed entries that are not 10-digit 06/08/09 numbers. */
  invalid: number;
  /** Typed numbers repeated among themselves (repeats across groups are counted by the database). */
  duplicates: number;
  manualKept: number;
}

/**
 * Everything a campaign to contacts checks before counting or storing: the typed numbers (spec §5:
 * comma, semicolon or new line; only 0[689]XXXXXXXX counts; at most 1,000), the groups are the
 * organization's (another organization's id is 404), the template, sender and purpose (resolveSend).
 */
export async function planContactSend(
  deps: SendDeps,
  actor: SendActor,
  input: ContactSendInput,
): Promise<ContactSendPlan> {
  const manual = parseManualContacts(input.manualContacts, MANUAL_CONTACTS_LIMIT);
  if (manual.overLimit) {
    throw new AppError("VALIDATION", {
      messageKey: "validation.manual_contacts_limit",
      params: { length: MANUAL_CONTACTS_LIMIT },
      details: [{ path: "manual_contacts", message: "validation.manual_contacts_limit" }],
    });
  }
  const groupIds = [...new Set(input.groupIds)];
  if (groupIds.length > 0) {
    const scope = scopeOf(deps, actor);
    const g = schema.contactGroups;
    const found = await scope.db
      .select({ id: g.id })
      .from(g)
      .where(scope.where(g, inArray(g.id, groupIds)));
    if (found.length !== groupIds.length) throw new AppError("NOT_FOUND");
  }
  const resolved = await resolveSend(deps, actor, input);
  const tracking = planLinkTracking(resolved.text, input.trackLinks ?? false, deps.linkOrigin);
  const counted = tracking?.countingText ?? resolved.text;
  const optOut = planOptOut(resolved.text, input.purpose, input.optOutLink, deps.linkOrigin);
  const pieces = splitMessage(counted, isTemplateTag);
  return {
    resolved,
    recipients: {
      organizationId: actor.organizationId,
      groupIds,
      manual: manual.valid.map((contact) => contact.msisdn),
      suppress: input.purpose === "marketing",
      text: resolved.text,
      pieces,
      uniformParts: countSms(`${counted}${optOut?.preview ?? ""}`).parts,
      optOut: optOut ? previewFooter(optOut) : undefined,
    },
    tracking,
    optOut,
    personalised: isPersonalised(pieces),
    invalid: manual.invalid.length,
    duplicates: manual.duplicates.length,
    manualKept: manual.valid.length,
  };
}
