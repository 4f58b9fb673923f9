import type { SendPurpose } from "@sms/domain/contracts/campaigns";
import type { TSender } from "@sms/domain/contracts/senders";

type SenderLike = Pick<TSender, "name" | "status" | "type" | "shared">;

/**
 * The senders a message of this purpose may go out under (the server's rule, resolve-send.ts, ADR
 * 32): the organization's own approved senders only, since the shared default carries only the OTP
 * API's codes; marketing only an own approved marketing sender.
 */
export function sendersFor<T extends SenderLike>(senders: readonly T[], purpose: SendPurpose): T[] {
  return senders.filter(
    (s) => s.status === "approved" && !s.shared && (purpose !== "marketing" || s.type === "marketing"),
  );
}

/** The sender to preselect: the one already chosen when it still fits, else the first. */
export function defaultSender(senders: readonly SenderLike[], current: string): string {
  if (senders.some((s) => s.name === current)) return current;
  return senders[0]?.name ?? "";
}
