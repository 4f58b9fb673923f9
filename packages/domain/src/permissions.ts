import type { UploadKind } from "./contracts/files.ts";
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
  /**
   * See the organization's orders, their receipts / tax invoices and payment slips. Reading, so
   * not blocked while suspended: the documents of paid orders are owed whatever the suspension.
   */
  "orders.view",
  /**
   * Attach the withholding-tax certificate (50 ทวิ) to a juristic order (issue 24 point 3). Paperwork
   * owed for an order already paid, so not blocked while suspended, like reading the orders.
   */
  "orders.certificates",
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
  "orders.view": [owner, accountService],
  "orders.certificates": [owner, accountService],
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

/**
 * Who may read an uploaded file back (GET /c/files/{id}), by its kind: the right its use needs
 * (review S4-11). `own`: enough for a file the member uploaded itself, as own-reports members see
 * their own sends. Staff read every file through the back office rule instead.
 */
export const UPLOAD_READ_RIGHTS: Readonly<Record<UploadKind, { all: MemberAction; own?: MemberAction }>> = {
  payment_proof: { all: "orders.view" },
  withholding_certificate: { all: "orders.view" },
  sender_evidence: { all: "senders.manage" },
  contact_import: { all: "contacts.manage" },
  file_campaign: { all: "reports.all", own: "reports.own" },
};

/** The right to upload a file of a kind (POST /c/files): the right of the action the file is for. */
export const UPLOAD_RIGHTS: Readonly<Record<UploadKind, MemberAction>> = {
  payment_proof: "credits.buy",
  withholding_certificate: "orders.certificates",
  sender_evidence: "senders.manage",
  contact_import: "contacts.manage",
  file_campaign: "messages.send",
};

/** Whether a member may read back a file of this kind; `ownUpload` when the member uploaded it. */
export function memberMayReadUpload(role: number, kind: string, ownUpload: boolean): boolean {
  const rights = Object.hasOwn(UPLOAD_READ_RIGHTS, kind) ? UPLOAD_READ_RIGHTS[kind as UploadKind] : undefined;
  if (!rights) return false;
  return (
    memberCan(role, rights.all) || (ownUpload && rights.own !== undefined && memberCan(role, rights.own))
  );
}

/** The longest suspension the terms allow, in days (spec §9). */
export const MAX_SUSPENSION_DAYS = 15;
