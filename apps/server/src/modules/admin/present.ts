import type { schema } from "@sms/db";
import type {
  Locale,
  TAdminCreditEntry,
  TAdminOrganization,
  TAdminPerson,
  TCreditSubject,
} from "@sms/domain";
import { hasMessage, translate } from "../../i18n/index.ts";
import { creditReasonKey } from "../credits/index.ts";

const reasonOf = (reason: string, locale: Locale) =>
  hasMessage(reason) ? translate(reason, locale) : reason;

type OrganizationRow = typeof schema.organizations.$inferSelect;
type UserRow = Pick<
  typeof schema.users.$inferSelect,
  "id" | "firstName" | "lastName" | "email" | "phoneNumber"
>;

export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

export function presentPerson(u: UserRow): TAdminPerson {
  return { id: u.id, name: fullName(u), email: u.email, phone_number: u.phoneNumber };
}

/** A suspension that has run out is shown as none, though its columns stay until staff reinstate. */
export function presentSuspension(org: OrganizationRow, now = new Date()): TAdminOrganization["suspension"] {
  if (!org.suspendedUntil || org.suspendedUntil.getTime() <= now.getTime()) return null;
  return {
    since: (org.suspendedAt ?? org.updatedAt).toISOString(),
    until: org.suspendedUntil.toISOString(),
    reason: org.suspensionReason ?? "",
  };
}

export function presentOrganization(
  org: OrganizationRow,
  owner: UserRow,
  membersCount: number,
): TAdminOrganization {
  return {
    id: org.id,
    name: org.name,
    owner: presentPerson(owner),
    credits: org.credits,
    credit_expired_on: org.creditExpiredOn?.toISOString() ?? null,
    members_count: membersCount,
    suspension: presentSuspension(org),
    created_at: org.createdAt.toISOString(),
  };
}

/** A reason is a message key of the system (shown in the reader's language) or staff's own words. */
export function presentCreditEntry(
  e: typeof schema.creditEntries.$inferSelect,
  locale: Locale,
  subject: TCreditSubject,
): TAdminCreditEntry {
  return {
    id: e.id,
    type: e.type,
    credits: e.credits,
    balance_after: e.balanceAfter,
    reason: reasonOf(creditReasonKey(e.reason, subject), locale),
    reference: e.reference,
    subject,
    created_at: e.createdAt.toISOString(),
  };
}

/** What the audit log keeps of an organization's suspension. */
export function suspensionState(org: OrganizationRow) {
  return {
    suspended_at: org.suspendedAt?.toISOString() ?? null,
    suspended_until: org.suspendedUntil?.toISOString() ?? null,
    suspension_reason: org.suspensionReason,
  };
}
