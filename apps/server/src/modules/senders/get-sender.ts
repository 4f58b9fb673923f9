import type { Locale, TSender } from "@sms/domain";
import type { TenantScope } from "../../platform/tenant.ts";
import { findVisibleSender } from "./find-visible-sender.ts";
import { withEvidence } from "./sender-extras.ts";

export type GetSenderResult = TSender;

/** One sender of the organization, or the shared default, with its evidence and decision reason. */
export async function getSender(scope: TenantScope, id: number, locale: Locale): Promise<GetSenderResult> {
  const [sender] = await withEvidence(scope.db, [await findVisibleSender(scope, id)], locale);
  if (!sender) throw new Error("withEvidence dropped the sender");
  return sender;
}
