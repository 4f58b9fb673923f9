import { z } from "zod";
import type organizationTexts from "../../locales/en/organizations.json";
import { MEMBER_ROLE } from "../roles.ts";
import { looksLikeLink } from "../rules/link-text.ts";
import { ZEmail } from "./accounts.ts";
import { defineSort, listQuery, listResponse, reportQuery } from "./lists.ts";
import { text } from "./text.ts";

/**
 * Organizations, members and the credit history (spec §3 Organization, Member, Credit entry; §7
 * /c/organizations*, /c/me/organizations, /c/me/credits). Validation messages are i18n keys with
 * their texts in locales/<lang>/organizations.json.
 */

type OrganizationMessageKey = keyof typeof organizationTexts;
const k = (key: OrganizationMessageKey) => ({ error: key });

export const ORGANIZATION_NAME_MAX_LENGTH = 100;

/** The member roles an owner can give (spec §6): Member 1, Account Service 2, Owner 100. */
export const MEMBER_ROLES = [MEMBER_ROLE.member, MEMBER_ROLE.accountService, MEMBER_ROLE.owner] as const;

/** A form sends the role as text from a select; a typed caller sends the number. */
export const ZMemberRole = z.preprocess(
  (v) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v),
  z.literal(MEMBER_ROLES, k("validation.member_role_invalid")),
);

/** A positive database id in a path; anything else is simply not found. */
const ZId = z.coerce.number().int().positive().max(2_147_483_647);

export const ZOrganizationIdParams = z.object({ id: ZId });
export const ZOrganizationMemberParams = z.object({ id: ZId, memberId: ZId });
export const ZOrganizationInvitationParams = z.object({ id: ZId, invitationId: ZId });

export const ZOrganizationName = text(k("validation.organization_name_required"))
  .trim()
  .min(1, k("validation.organization_name_required"))
  .max(ORGANIZATION_NAME_MAX_LENGTH, k("validation.organization_name_too_long"))
  .refine((v) => !/[<>]/.test(v), k("validation.organization_name_markup"))
  // Names reach invitation e-mails and other people's screens: no links (ADR 33, review S4-9).
  .refine((v) => !looksLikeLink(v), k("validation.organization_name_link"));

/** PATCH /c/organizations/{id}: only the name; any other field (owner, credits) is stripped. */
export const ZRenameOrganizationRequest = z.object({ name: ZOrganizationName });
export type TRenameOrganizationRequest = z.input<typeof ZRenameOrganizationRequest>;

/** POST /c/organizations/{id}/members: an e-mail and the role to give. */
export const ZAddMemberRequest = z.object({ email: ZEmail, role: ZMemberRole });
export type TAddMemberRequest = z.input<typeof ZAddMemberRequest>;

/** PATCH /c/organizations/{id}/members/{memberId}: the owner gives a member another role (issue 24 D49). */
export const ZChangeMemberRoleRequest = z.object({ role: ZMemberRole });
export type TChangeMemberRoleRequest = z.input<typeof ZChangeMemberRoleRequest>;

/** POST /c/me/organizations: the organization to work in (spec §4 organization switch). */
export const ZSwitchOrganizationRequest = z.object({
  organization_id: z.coerce
    .number(k("validation.organization_id_invalid"))
    .int(k("validation.organization_id_invalid"))
    .positive(k("validation.organization_id_invalid"))
    .max(2_147_483_647, k("validation.organization_id_invalid")),
});
export type TSwitchOrganizationRequest = z.input<typeof ZSwitchOrganizationRequest>;

export const ZPersonRef = z.object({ id: z.number().int(), name: z.string() });

/** Spec §7 switch list: `page=1, reverse=false, sort=id, size=100`. */
export const ORGANIZATION_SORT = defineSort(["id", "name"], { key: "id", reverse: false });
export const ZOrganizationsListQuery = listQuery({ sort: ORGANIZATION_SORT });
export type TOrganizationsListQuery = z.output<typeof ZOrganizationsListQuery>;

/** One of the user's organizations (spec §3 Organization). */
export const ZOrganizationListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  owner: ZPersonRef,
  credits: z.number().int(),
  credit_expired_on: z.string().nullable(),
  /** The caller's member role in it. */
  member_role: z.number().int(),
  /** Set on the caller's current organization only; the switch list leaves that one out (spec §3). */
  current_member: z.object({ id: z.number().int() }).nullable(),
});
export type TOrganizationListItem = z.infer<typeof ZOrganizationListItem>;
export const ZOrganizationsListResponse = listResponse(ZOrganizationListItem);
export type TOrganizationsListResponse = z.infer<typeof ZOrganizationsListResponse>;

export const ZOrganization = z.object({
  id: z.number().int(),
  name: z.string(),
  owner: ZPersonRef.extend({ email: z.string() }),
  credits: z.number().int(),
  credit_expired_on: z.string().nullable(),
  credit_trial_redeemed_at: z.string().nullable(),
  members_count: z.number().int(),
  member_role: z.number().int(),
  is_current: z.boolean(),
  /** Staff's temporary suspension (spec §9 terms): the organization sees until when and why. */
  suspension: z.object({ until: z.string(), reason: z.string() }).nullable(),
});
export type TOrganization = z.infer<typeof ZOrganization>;
export const ZOrganizationResponse = z.object({ data: ZOrganization });
export type TOrganizationResponse = z.infer<typeof ZOrganizationResponse>;

export const MEMBER_SORT = defineSort(["created_at", "name", "email", "role"], {
  key: "created_at",
  reverse: false,
});
export const ZMembersListQuery = listQuery({ sort: MEMBER_SORT });
export type TMembersListQuery = z.output<typeof ZMembersListQuery>;

/** Spec §3 Member: name, e-mail, role, credit usage. */
export const ZMember = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.number().int(),
  /** Credits the member's sends used, less what was refunded for them; null unless the caller manages members (spec §6). */
  credit_usage: z.number().int().nullable(),
  /** The organization's owner (organizations.owner_id): cannot be removed. */
  is_owner: z.boolean(),
  created_at: z.string(),
});
export type TMember = z.infer<typeof ZMember>;
export const ZMembersListResponse = listResponse(ZMember);
export type TMembersListResponse = z.infer<typeof ZMembersListResponse>;

export const MEMBER_CREDIT_USAGE_SORT = defineSort(["credit_usage", "name"], {
  key: "credit_usage",
  reverse: true,
});
export const ZMemberCreditUsagesQuery = listQuery({ sort: MEMBER_CREDIT_USAGE_SORT });
export type TMemberCreditUsagesQuery = z.output<typeof ZMemberCreditUsagesQuery>;
export const ZMemberCreditUsage = z.object({
  member_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.number().int(),
  credit_usage: z.number().int(),
});
export type TMemberCreditUsage = z.infer<typeof ZMemberCreditUsage>;
export const ZMemberCreditUsagesResponse = listResponse(ZMemberCreditUsage);

export const ZMemberResponse = z.object({ data: ZMember });

/**
 * How the organization's credit usage adds up (issue 24 D49): what its members' sends used, and
 * what no member did (API and OTP keys, the system, people no longer members); both less refunds.
 */
export const ZCreditUsageSummary = z.object({
  total: z.number().int(),
  members: z.number().int(),
  unattributed: z.number().int(),
});
export type TCreditUsageSummary = z.infer<typeof ZCreditUsageSummary>;
export const ZCreditUsageSummaryResponse = z.object({ data: ZCreditUsageSummary });

/**
 * The answer to adding a member: always an invitation that the person accepts or declines after
 * signing in (ADR 33). The same answer whether or not the e-mail has an account, so the form tells
 * nobody who is registered. `status` stays for clients of the earlier `added | invited` answer.
 */
export const ZAddMemberResponse = z.object({
  data: z.object({ status: z.literal("invited"), message: z.string(), member: z.null() }),
});
export type TAddMemberResponse = z.infer<typeof ZAddMemberResponse>;

/** Days an invitation can be accepted (ADR 33). */
export const INVITATION_TTL_DAYS = 14;
/** Invitations one organization may send in any 24 hours (ADR 33, review S4-9). */
export const INVITATIONS_PER_DAY = 20;

/**
 * Where an invitation stands for the owner: waiting for the person, past its expiry, or declined.
 * Accepted invitations are members; revoked ones are gone from the list.
 */
export const INVITATION_STATUSES = ["pending", "expired", "declined"] as const;
export type TInvitationStatus = (typeof INVITATION_STATUSES)[number];

/** The organization's open invitations (not accepted, not revoked), newest first by default. */
export const INVITATION_SORT = defineSort(["created_at", "email", "role"], {
  key: "created_at",
  reverse: true,
});
export const ZInvitationsListQuery = listQuery({ sort: INVITATION_SORT });
export type TInvitationsListQuery = z.output<typeof ZInvitationsListQuery>;

export const ZInvitation = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.number().int(),
  status: z.enum(INVITATION_STATUSES),
  /** Who sent it; null when that account is gone. */
  invited_by: ZPersonRef.nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  declined_at: z.string().nullable(),
});
export type TInvitation = z.infer<typeof ZInvitation>;
export const ZInvitationsListResponse = listResponse(ZInvitation);
export type TInvitationsListResponse = z.infer<typeof ZInvitationsListResponse>;

export const ZMyInvitationParams = z.object({ invitationId: ZId });

/**
 * An invitation waiting for the caller (sent to their verified e-mail, not expired, not answered).
 * The names are the organization's and the inviter's own text: show them as plain text.
 */
export const ZMyInvitation = z.object({
  id: z.number().int(),
  organization: z.object({ id: z.number().int(), name: z.string() }),
  role: z.number().int(),
  invited_by: z.object({ name: z.string() }).nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type TMyInvitation = z.infer<typeof ZMyInvitation>;
/** GET /c/me/invitations: the newest first, at most MY_INVITATIONS_MAX. */
export const ZMyInvitationsResponse = z.object({ data: z.array(ZMyInvitation) });
export type TMyInvitationsResponse = z.infer<typeof ZMyInvitationsResponse>;
/** Enough for anyone really invited; a flood from many organizations shows only its newest. */
export const MY_INVITATIONS_MAX = 20;

/** Accepting or declining: what happened, and the organization (accepting never switches to it). */
export const ZInvitationAnswerResponse = z.object({
  data: z.object({
    message: z.string(),
    organization: z.object({ id: z.number().int(), name: z.string() }),
    role: z.number().int(),
  }),
});
export type TInvitationAnswerResponse = z.infer<typeof ZInvitationAnswerResponse>;

export const ZOrganizationMessageResponse = z.object({ data: z.object({ message: z.string() }) });

/** The ledger's entry types (spec §3 Credit entry; `expired` and `adjusted` are ours). */
export const LEDGER_ENTRY_TYPES = ["earned", "used", "refunded", "expired", "adjusted"] as const;
export type TLedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number];

/** The longest period of one credit-history query, and the one shown when none is chosen. */
export const CREDIT_HISTORY_MAX_DAYS = 366;
export const CREDIT_HISTORY_DEFAULT_DAYS = 30;

/** Newest first by default; also by type or by signed amount. `balance_after` is stored per entry, so it is right in any order. */
export const CREDIT_HISTORY_SORT = defineSort(["created_at", "type", "credits"], {
  key: "created_at",
  reverse: true,
});

/** Credit entries are a big table: always read over a bounded period (the last 30 days by default). */
export const ZCreditHistoryQuery = reportQuery({
  sort: CREDIT_HISTORY_SORT,
  maxDays: CREDIT_HISTORY_MAX_DAYS,
  bounded: true,
  defaultDays: CREDIT_HISTORY_DEFAULT_DAYS,
  types: LEDGER_ENTRY_TYPES,
});
export type TCreditHistoryQuery = z.output<typeof ZCreditHistoryQuery>;

/** What a credit entry's reference points at, as the history names it (review D54). */
export const CREDIT_SUBJECT_KINDS = [
  "campaign",
  "api",
  "otp",
  "order",
  "adjustment",
  "expiry",
  "other",
] as const;
export type CreditSubjectKind = (typeof CREDIT_SUBJECT_KINDS)[number];

/**
 * A credit entry's reference in words: "แคมเปญ โปรสิ้นปี", "คำสั่งซื้อ #1", with the id the web links
 * (a campaign's report, the order). `id` is null where there is nothing to open.
 */
export const ZCreditSubject = z.object({
  kind: z.enum(CREDIT_SUBJECT_KINDS),
  id: z.number().int().nullable(),
  /** In the caller's language. */
  label: z.string(),
});
export type TCreditSubject = z.infer<typeof ZCreditSubject>;

/** Spec §3 Credit entry, as the history shows it. */
export const ZCreditHistoryEntry = z.object({
  id: z.number().int(),
  created_at: z.string(),
  type: z.enum(LEDGER_ENTRY_TYPES),
  /** Signed: positive added to the balance, negative took from it. */
  credits: z.number().int(),
  balance_after: z.number().int(),
  /** In the caller's language. */
  reason: z.string(),
  /** The stored key ("campaign:6", "order:1"); `subject` says it in words. */
  reference: z.string(),
  subject: ZCreditSubject,
  member: ZPersonRef.nullable(),
});
export type TCreditHistoryEntry = z.infer<typeof ZCreditHistoryEntry>;
export const ZCreditHistoryResponse = listResponse(ZCreditHistoryEntry);
export type TCreditHistoryResponse = z.infer<typeof ZCreditHistoryResponse>;
