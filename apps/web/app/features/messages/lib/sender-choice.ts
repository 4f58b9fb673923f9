import type { SendPurpose } from "@sms/domain/contracts/campaigns";
import type { TSender } from "@sms/domain/contracts/senders";

type SenderLike = Pick<TSender, "name" | "status" | "type" | "shared">;

/**
 * The senders a message of this purpose may go out under (the server's rule, resolve-send.ts):
 * any approved one, the shared default included; marketing only the organization's own approved
 * marketing sender, since the shared default is registered as an OTP sender.
 */
export function sendersFor<T extends SenderLike>(senders: readonly T[], purpose: SendPurpose): T[] {
  return senders.filter(
    (s) => s.status === "approved" && (purpose !== "marketing" || (!s.shared && s.type === "marketing")),
  );
}

/** The sender to preselect: the one already chosen when it still fits, else the shared default, else the first. */
export function defaultSender(senders: readonly SenderLike[], current: string): string {
  if (senders.some((s) => s.name === current)) return current;
  return (senders.find((s) => s.shared) ?? senders[0])?.name ?? "";
}
