import { z } from "zod";
import type adminTexts from "../../locales/en/admin.json";
import { MAX_SUSPENSION_DAYS } from "../permissions.ts";
import { defineSort, listQuery, listResponse } from "./lists.ts";
import { CONTACT_SUBMISSION_STATUSES, ZContactSubmission } from "./marketing.ts";
import { ZCreditSubject } from "./organizations.ts";
import { text } from "./text.ts";

/**
 * The back office (issue 10 point 5): users, organizations with credit adjustments and suspension,
 * the package catalogue, the terms version, public holidays and the audit log. Validation messages
 * are i18n keys with their texts in locales/<lang>/admin.json.
 */

export type AdminMessageKey = keyof typeof adminTexts;
const k = (key: AdminMessageKey) => ({ error: key });

/** A positive database id in a path; anything else is simply not found. */
const ZId = z.coerce.number().int().positive().max(2_147_483_647);
export const ZAdminIdParams = z.object({ id: ZId });
export type TAdminIdParams = z.input<typeof ZAdminIdParams>;

const ZReason = text(k("validation.reason_required"))
  .trim()
  .min(1, k("validation.reason_required"))
  .max(500, k("validation.reason_too_long"));

// Home ------------------------------------------------------------------------------------------

/** What waits for staff (GET /admin/summary): the back office's home cards and menu badges. */
export const ZAdminSummary = z.object({
  waiting_orders: z.number().int(),
  pending_senders: z.number().int(),
  new_contact_submissions: z.number().int(),
  locked_users: z.number().int(),
});
export type TAdminSummary = z.infer<typeof ZAdminSummary>;
export const ZAdminSummaryResponse = z.object({ data: ZAdminSummary });

// Users -----------------------------------------------------------------------------------------

export const ADMIN_USER_SORT = defineSort(["created_at", "id", "email", "first_name"], {
  key: "created_at",
  reverse: true,
});
/** `search` matches the name, e-mail or phone number. */
export const ZAdminUsersQuery = listQuery({ sort: ADMIN_USER_SORT, defaultSize: 20 });
export type TAdminUsersQuery = z.output<typeof ZAdminUsersQuery>;

export const ZAdminUser = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  roles: z.array(z.number().int()),
  email_verified: z.boolean(),
  phone_verified: z.boolean(),
  locked: z.boolean(),
  organizations_count: z.number().int(),
  created_at: z.string(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;
export const ZAdminUsersResponse = listResponse(ZAdminUser);
export type TAdminUsersResponse = z.infer<typeof ZAdminUsersResponse>;

/** One organization a user belongs to, with the user's role in it. */
export const ZAdminUserMembership = z.object({
  organization_id: z.number().int(),
  name: z.string(),
  role: z.number().int(),
});
export type TAdminUserMembership = z.infer<typeof ZAdminUserMembership>;

/**
 * One user as support sees it (GET /admin/users/{id}): the lock, the open sessions and the
 * memberships, for the actions the terms promise (unlock by phone, end sessions, verification).
 */
export const ZAdminUserDetail = ZAdminUser.extend({
  locked_at: z.string().nullable(),
  open_sessions: z.number().int(),
  last_sign_in_at: z.string().nullable(),
  memberships: z.array(ZAdminUserMembership),
});
export type TAdminUserDetail = z.infer<typeof ZAdminUserDetail>;
export const ZAdminUserResponse = z.object({ data: ZAdminUserDetail });
export type TAdminUserResponse = z.infer<typeof ZAdminUserResponse>;

// Organizations ---------------------------------------------------------------------------------

export const ADMIN_ORGANIZATION_SORT = defineSort(["created_at", "id", "name", "credits"], {
  key: "created_at",
  reverse: true,
});
/** `search` matches the organization's name or its owner's name, e-mail or phone number. */
export const ZAdminOrganizationsQuery = listQuery({ sort: ADMIN_ORGANIZATION_SORT, defaultSize: 20 });
export type TAdminOrganizationsQuery = z.output<typeof ZAdminOrganizationsQuery>;

export const ZAdminPerson = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone_number: z.string(),
});
export type TAdminPerson = z.infer<typeof ZAdminPerson>;

export const ZAdminSuspension = z.object({
  since: z.string(),
  until: z.string(),
  reason: z.string(),
});

export const ZAdminOrganization = z.object({
  id: z.number().int(),
  name: z.string(),
  owner: ZAdminPerson,
  credits: z.number().int(),
  credit_expired_on: z.string().nullable(),
  members_count: z.number().int(),
  /** Null when not suspended or when the suspension has ended. */
  suspension: ZAdminSuspension.nullable(),
  created_at: z.string(),
});
export type TAdminOrganization = z.infer<typeof ZAdminOrganization>;
export const ZAdminOrganizationsResponse = listResponse(ZAdminOrganization);
export type TAdminOrganizationsResponse = z.infer<typeof ZAdminOrganizationsResponse>;

export const ZAdminMember = ZAdminPerson.extend({
  member_id: z.number().int(),
  role: z.number().int(),
  joined_at: z.string(),
});
export type TAdminMember = z.infer<typeof ZAdminMember>;

export const ZAdminCreditEntry = z.object({
  id: z.number().int(),
  type: z.enum(["earned", "used", "refunded", "expired", "adjusted"]),
  credits: z.number().int(),
  balance_after: z.number().int(),
  /** The system's reason in the reader's language, or staff's own words for an adjustment. */
  reason: z.string(),
  reference: z.string(),
  subject: ZCreditSubject,
  created_at: z.string(),
});
export type TAdminCreditEntry = z.infer<typeof ZAdminCreditEntry>;

/** How many of the latest credit entries the organization page shows. */
export const ADMIN_RECENT_CREDIT_ENTRIES = 20;

export const ZAdminOrganizationDetail = ZAdminOrganization.extend({
  credit_trial_redeemed_at: z.string().nullable(),
  members: z.array(ZAdminMember),
  recent_credit_entries: z.array(ZAdminCreditEntry),
});
export type TAdminOrganizationDetail = z.infer<typeof ZAdminOrganizationDetail>;
export const ZAdminOrganizationResponse = z.object({ data: ZAdminOrganizationDetail });
export type TAdminOrganizationResponse = z.infer<typeof ZAdminOrganizationResponse>;

/** Staff never adjust by more than this at once; a typo of extra zeros is refused. */
export const MAX_CREDIT_ADJUSTMENT = 100_000_000;

/**
 * POST /admin/organizations/{id}/credit-adjustments: signed credits, the reason, and a key the
 * page makes once per dialog, so a double click adds once.
 */
export const ZCreditAdjustmentRequest = z.object({
  credits: z.coerce
    .number(k("validation.adjust_credits_invalid"))
    .int(k("validation.adjust_credits_invalid"))
    .min(-MAX_CREDIT_ADJUSTMENT, k("validation.adjust_credits_invalid"))
    .max(MAX_CREDIT_ADJUSTMENT, k("validation.adjust_credits_invalid"))
    .refine((v) => v !== 0, k("validation.adjust_credits_invalid")),
  reason: ZReason,
  idempotency_key: z.uuid(k("validation.idempotency_key_invalid")),
});
export type TCreditAdjustmentRequest = z.input<typeof ZCreditAdjustmentRequest>;

export const ZCreditAdjustmentResponse = z.object({
  data: z.object({ entry: ZAdminCreditEntry, balance: z.number().int() }),
});
export type TCreditAdjustmentResponse = z.infer<typeof ZCreditAdjustmentResponse>;

/** POST /admin/organizations/{id}/suspension: 1 to MAX_SUSPENSION_DAYS days, with the reason the organization reads. */
export const ZSuspendOrganizationRequest = z.object({
  days: z.coerce
    .number(k("validation.suspension_days_invalid"))
    .int(k("validation.suspension_days_invalid"))
    .min(1, k("validation.suspension_days_invalid"))
    .max(MAX_SUSPENSION_DAYS, k("validation.suspension_days_invalid")),
  reason: ZReason,
});
export type TSuspendOrganizationRequest = z.input<typeof ZSuspendOrganizationRequest>;

// Packages --------------------------------------------------------------------------------------

export const ZAdminPackage = z.object({
  id: z.number().int(),
  name: z.string(),
  months: z.number().int(),
  credits: z.number().int(),
  price_satang: z.number().int(),
  is_trial: z.boolean(),
  active: z.boolean(),
  sort_order: z.number().int(),
  updated_at: z.string(),
});
export type TAdminPackage = z.infer<typeof ZAdminPackage>;
export const ZAdminPackagesResponse = z.object({ data: z.object({ entities: z.array(ZAdminPackage) }) });
export type TAdminPackagesResponse = z.infer<typeof ZAdminPackagesResponse>;
export const ZAdminPackageResponse = z.object({ data: ZAdminPackage });

/** The largest price: 10 million baht, far above any package, well inside an integer column. */
export const MAX_PACKAGE_PRICE_SATANG = 1_000_000_000;

/**
 * A package's editable fields; `is_trial` is not among them (the free trial is chosen by
 * FREE_TRIAL_PACKAGE_ID), so it and any other field are stripped.
 */
const ZPackageFields = z.object({
  name: text(k("validation.package_name_required"))
    .trim()
    .min(1, k("validation.package_name_required"))
    .max(100, k("validation.package_name_required")),
  months: z.coerce
    .number(k("validation.package_months_invalid"))
    .int(k("validation.package_months_invalid"))
    .min(1, k("validation.package_months_invalid"))
    .max(120, k("validation.package_months_invalid")),
  credits: z.coerce
    .number(k("validation.package_credits_invalid"))
    .int(k("validation.package_credits_invalid"))
    .min(1, k("validation.package_credits_invalid"))
    .max(1_000_000_000, k("validation.package_credits_invalid")),
  price_satang: z.coerce
    .number(k("validation.package_price_invalid"))
    .int(k("validation.package_price_invalid"))
    .min(0, k("validation.package_price_invalid"))
    .max(MAX_PACKAGE_PRICE_SATANG, k("validation.package_price_invalid")),
  active: z.boolean(),
  sort_order: z.coerce
    .number(k("validation.sort_order_invalid"))
    .int(k("validation.sort_order_invalid"))
    .min(0, k("validation.sort_order_invalid"))
    .max(9999, k("validation.sort_order_invalid")),
});
export const ZCreatePackageRequest = ZPackageFields;
export type TCreatePackageRequest = z.input<typeof ZCreatePackageRequest>;
export const ZUpdatePackageRequest = ZPackageFields.partial();
export type TUpdatePackageRequest = z.input<typeof ZUpdatePackageRequest>;

// Settings and holidays -------------------------------------------------------------------------

export const ZTncVersion = text(k("validation.tnc_version_invalid"))
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9.-]{0,19}$/, k("validation.tnc_version_invalid"));

/** What changed in a terms version, shown in the re-acceptance dialog (review D69); "" for nothing said. */
export const TNC_CHANGE_NOTE_MAX = 500;
export const ZTncChangeNote = text(k("validation.tnc_change_note_too_long"))
  .trim()
  .max(TNC_CHANGE_NOTE_MAX, k("validation.tnc_change_note_too_long"));

export const ZAdminSettings = z.object({
  tnc_version: z.string(),
  tnc_updated_at: z.string().nullable(),
  tnc_change_note: z.string(),
});
export const ZAdminSettingsResponse = z.object({ data: ZAdminSettings });
export type TAdminSettingsResponse = z.infer<typeof ZAdminSettingsResponse>;
/**
 * PUT /admin/settings/tnc-version: every user is asked to accept the terms again after a change,
 * reading `change_note` (what changed) first.
 */
export const ZUpdateTncVersionRequest = z.object({
  tnc_version: ZTncVersion,
  change_note: ZTncChangeNote.optional(),
});
export type TUpdateTncVersionRequest = z.input<typeof ZUpdateTncVersionRequest>;

/** A Bangkok calendar date, YYYY-MM-DD, that exists. */
export const ZHolidayDate = text(k("validation.holiday_date_invalid"))
  .regex(/^\d{4}-\d{2}-\d{2}$/, k("validation.holiday_date_invalid"))
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, k("validation.holiday_date_invalid"));

export const ZHoliday = z.object({ date: z.string(), name: z.string() });
export type THoliday = z.infer<typeof ZHoliday>;
export const ZHolidaysResponse = z.object({ data: z.object({ entities: z.array(ZHoliday) }) });
export type THolidaysResponse = z.infer<typeof ZHolidaysResponse>;
export const ZHolidayResponse = z.object({ data: ZHoliday });
const ZHolidayName = text(k("validation.holiday_name_required"))
  .trim()
  .min(1, k("validation.holiday_name_required"))
  .max(100, k("validation.holiday_name_required"));
export const ZCreateHolidayRequest = z.object({ date: ZHolidayDate, name: ZHolidayName });
export type TCreateHolidayRequest = z.input<typeof ZCreateHolidayRequest>;
/** PATCH /admin/holidays/{date}: a day's name (a built-in one included); a moved day is removed and added. */
export const ZUpdateHolidayRequest = z.object({ name: ZHolidayName });
export type TUpdateHolidayRequest = z.input<typeof ZUpdateHolidayRequest>;
export const ZHolidayParams = z.object({ date: ZHolidayDate });
/** GET /admin/holidays: one year at a time (holidays are announced per year); all years without it. */
export const ZHolidaysQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() });

// Contact messages (review D70) ---------------------------------------------------------------

/**
 * PATCH /admin/contact-submissions/{id}: mark a message answered (or new again) and/or give it to a
 * member of staff (`assignee_user_id`, null for nobody). At least one of the two.
 */
export const ZUpdateContactSubmissionRequest = z
  .object({
    status: z.enum(CONTACT_SUBMISSION_STATUSES, k("validation.contact_status_invalid")).optional(),
    assignee_user_id: z
      .number(k("validation.contact_assignee_invalid"))
      .int(k("validation.contact_assignee_invalid"))
      .min(1, k("validation.contact_assignee_invalid"))
      .max(2_147_483_647, k("validation.contact_assignee_invalid"))
      .nullable()
      .optional(),
  })
  .refine((v) => v.status !== undefined || v.assignee_user_id !== undefined, {
    ...k("validation.contact_update_empty"),
    path: ["status"],
  });
export type TUpdateContactSubmissionRequest = z.input<typeof ZUpdateContactSubmissionRequest>;
export const ZContactSubmissionResponse = z.object({ data: ZContactSubmission });

// Audit log -------------------------------------------------------------------------------------

export const AUDIT_LOG_SORT = defineSort(["created_at"], { key: "created_at", reverse: true });
/** `search` matches the action ("credits.adjust") or the target ("organization:12"). */
export const ZAuditLogQuery = listQuery({ sort: AUDIT_LOG_SORT, defaultSize: 20 });
export type TAuditLogQuery = z.output<typeof ZAuditLogQuery>;

export const ZAuditLogEntry = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  /** The target's name now (organization, sender name, user, package, holiday), null when gone or nameless. */
  target_name: z.string().nullable(),
  /** The organization the target belongs to (itself, or an order's or sender's), for a link; null if none. */
  target_organization_id: z.number().int().nullable(),
  /** The state before and after, as recorded (JSON values). */
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type TAuditLogEntry = z.infer<typeof ZAuditLogEntry>;
export const ZAuditLogResponse = listResponse(ZAuditLogEntry);
export type TAuditLogResponse = z.infer<typeof ZAuditLogResponse>;

export const ZAdminMessageResponse = z.object({ data: z.object({ message: z.string() }) });

/** Every back-office action the audit log records; the back office words each one (a test checks). */
export const AUDIT_ACTION = {
  approveOrder: "orders.approve",
  rejectOrder: "orders.reject",
  approveSender: "senders.approve",
  blockSender: "senders.block",
  adjustCredits: "credits.adjust",
  suspendOrganization: "organizations.suspend",
  reinstateOrganization: "organizations.reinstate",
  createPackage: "packages.create",
  updatePackage: "packages.update",
  updateTncVersion: "settings.tnc_version",
  createHoliday: "holidays.create",
  updateHoliday: "holidays.update",
  deleteHoliday: "holidays.delete",
  unlockUser: "users.unlock",
  endUserSessions: "users.end_sessions",
  remindVerification: "users.verification_reminder",
  createSmscConnection: "smsc_connections.create",
  updateSmscConnection: "smsc_connections.update",
  createSmscRoute: "smsc_routes.create",
  updateSmscRoute: "smsc_routes.update",
  deleteSmscRoute: "smsc_routes.delete",
  replaceOperatorRanges: "operator_ranges.replace",
  replaceOtpDenyRanges: "otp_deny_ranges.replace",
  updateContactSubmission: "contact_submissions.update",
  updateSmppSettings: "smpp_settings.update",
} as const;
