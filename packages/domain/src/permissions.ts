import { MEMBER_ROLE } from "./roles.ts";

/**
 * What a member of an organization may do, by member role (docs/decisions/0010-member-permissions.md).
 * The spec names the roles but not their rights (§6 "not shown"); this table is the one place that
 * decides. The server's guards read it for every organization endpoint, the web hides what a role
 * cannot use, and a test tries every cell against the API.
 */
export const MEMBER_ACTIONS = [
  /** See the organization, its balance, members and credit history. */
  "organization.view",
  /** Rename the organization. */
  "organization.rename",
  /** Add and remove members, and see each member's credit usage. */
  "members.manage",
  /** Put packages in the cart and submit orders with proof of payment. */
  "credits.buy",
  /** Create and refresh the SMS API key and the IP whitelist. */
  "api-keys.manage",
  /** Send instant messages and campaigns, schedule them. */
  "messages.send",
  /**
   * Claim the credits of undelivered messages back. Apart from sending: a refund is owed to a
   * suspended organization too, and its 30-day window may close during a suspension.
   */
  "refunds.claim",
  /** Contact groups, contacts and imports. */
  "contacts.manage",
  /** Apply for sender names. */
  "senders.manage",
  /** SMS templates. */
  "templates.manage",
  /** Every report of the organization (campaigns, messages, credits, refunds, API, OTP). */
  "reports.all",
  /** Reports of the member's own sends. */
  "reports.own",
  /** The organization's low-credit and expiry alerts (issue 15 point 4). */
  "settings.manage",
] as const;

export type MemberAction = (typeof MEMBER_ACTIONS)[number];
export type MemberRole = (typeof MEMBER_ROLE)[keyof typeof MEMBER_ROLE];

const { member, accountService, owner } = MEMBER_ROLE;

/** Role × action. A role not listed for an action may not do it. */
export const MEMBER_PERMISSIONS: Readonly<Record<MemberAction, readonly MemberRole[]>> = {
  "organization.view": [owner, accountService, member],
  "organization.rename": [owner],
  "members.manage": [owner],
  "credits.buy": [owner, accountService],
  "api-keys.manage": [owner],
  "messages.send": [owner, accountService, member],
  "refunds.claim": [owner, accountService, member],
  "contacts.manage": [owner, accountService, member],
  "senders.manage": [owner, accountService],
  "templates.manage": [owner, accountService, member],
  "reports.all": [owner, accountService],
  "reports.own": [owner, accountService, member],
  "settings.manage": [owner, accountService],
};

/**
 * Actions a suspended organization may not take (spec §9 terms: a temporary suspension when misuse
 * is suspected). It can still sign in, read its data and see why it is suspended.
 */
export const BLOCKED_WHILE_SUSPENDED: readonly MemberAction[] = [
  "messages.send",
  "credits.buy",
  "api-keys.manage",
];

/** Whether a member with this role may take the action (an unknown role may do nothing). */
export function memberCan(role: number, action: MemberAction): boolean {
  return (MEMBER_PERMISSIONS[action] as readonly number[]).includes(role);
}

/** The longest suspension the terms allow, in days (spec §9). */
export const MAX_SUSPENSION_DAYS = 15;
