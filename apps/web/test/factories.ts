import type { TMe } from "@sms/domain/contracts/accounts";
import { OTP_DEFAULT_MESSAGES, type TApiSettings } from "@sms/domain/contracts/api-settings";
import type { TPageInformation } from "@sms/domain/contracts/common";
import type { TConsentWording, TContact, TContactGroup } from "@sms/domain/contracts/contacts";
import type { TStoredFile } from "@sms/domain/contracts/files";
import type { TAdminOrder, TOrder } from "@sms/domain/contracts/orders";
import type { TOrganization } from "@sms/domain/contracts/organizations";
import type { TAdminSender, TSender } from "@sms/domain/contracts/senders";
import type { TTemplate, TTemplateListItem } from "@sms/domain/contracts/templates";

/**
 * Fixture factories for the web tests (ADR 75): each builds one entity as the API answers it, with
 * a patch for what a test is about. Types come from packages/domain, so a contract change breaks
 * the factory once instead of every test's literal.
 */

/** A list answer (spec §3): one page holding `entities`. */
export const page = <T>(entities: T[], info: Partial<TPageInformation> = {}) => ({
  data: {
    entities,
    page_information: {
      page: 1,
      size: 10,
      total_item: entities.length,
      total_pages: 1,
      limit: 5,
      ...info,
    },
  },
});

/** A pending request with one PDF as evidence, as the API answers it. */
export const sender = (id: number, patch: Partial<TSender> = {}): TSender => ({
  id,
  name: `Shop${id}`,
  company_name: "Sender Co., Ltd.",
  type: "marketing",
  account_type: "juristic",
  evidence_type: "company_registration",
  evidence_url: null,
  evidence_files: [
    {
      id: "5b3c1f7e-8a4d-4c2b-9e1f-0a1b2c3d4e5f",
      kind: "sender_evidence",
      mime: "application/pdf",
      size: 2_621_440,
      original_name: "company.pdf",
      created_at: "2026-11-20T03:00:00.000Z",
    },
  ],
  example_message: "Sale 20% today",
  status: "pending",
  decision_reason: null,
  decided_at: null,
  last_used_at: null,
  shared: false,
  created_at: "2026-11-20T03:00:00.000Z",
  ...patch,
});

/** The same request as staff see it. */
export const adminSender = (id: number, patch: Partial<TAdminSender> = {}): TAdminSender => ({
  ...sender(id),
  organization_id: 3,
  organization_name: "Sender Co",
  requested_by_email: "somchai@example.com",
  requested_by_name: "Somchai Jaidee",
  decided_by: null,
  ...patch,
});

/** A waiting individual order of the Starter package (799 baht + VAT), as the API answers it. */
export const order = (patch: Partial<TOrder> = {}): TOrder => ({
  id: 1,
  created_at: "2026-11-20T03:00:00.000Z",
  package_id: 1,
  package_name: "Starter",
  months: 1,
  credits: 1500,
  price: 854.93,
  sub_total_satang: 79_900,
  vat_satang: 5_593,
  withholding_tax_satang: 0,
  total_satang: 85_493,
  is_trial: false,
  buyer_type: "individual",
  buyer_name: "Somchai",
  buyer_tax_id: null,
  buyer_branch: null,
  buyer_address: null,
  status: "waiting",
  status_label: "checking",
  reject_reason: null,
  proof_file_id: "5b3c1f7e-8a4d-4c2b-9e1f-0a1b2c3d4e5f",
  wht_certificate_file_id: null,
  document_number: null,
  decided_at: null,
  ...patch,
});

/** The same order as staff see it, with its organization and buyer. */
export const adminOrder = (id: number, patch: Partial<TAdminOrder> = {}): TAdminOrder => ({
  ...order(),
  id,
  organization_id: 3,
  organization_name: "Buyer Co",
  user_email: "somchai@example.com",
  decided_by: null,
  same_proof_orders: [],
  ...patch,
});

/** A contact group of 1,234,567 contacts with a Thai name. */
export const contactGroup = (patch: Partial<TContactGroup> = {}): TContactGroup => ({
  id: 7,
  name: "ลูกค้า VIP",
  contact_count: 1_234_567,
  created_at: "2026-11-20T03:00:00.000Z",
  updated_at: "2026-11-20T03:00:00.000Z",
  ...patch,
});

/** A contact of group 7 named First<id> Last<id>. */
export const contact = (id: number, patch: Partial<TContact> = {}): TContact => ({
  id,
  group_id: 7,
  first_name: `First${id}`,
  last_name: `Last${id}`,
  phone_number: `08123456${String(id).padStart(2, "0")}`,
  created_at: "2026-11-20T03:00:00.000Z",
  updated_at: "2026-11-20T03:00:00.000Z",
  ...patch,
});

/** The organization's consent wording (GET /c/consent-wording): its own version 4. */
export const consentWording = (patch: Partial<TConsentWording> = {}): TConsentWording => ({
  version: 4,
  text: "Shop members v4: news and offers by SMS",
  is_default: false,
  created_at: "2026-11-02T03:00:00.000Z",
  ...patch,
});

/** The signed-in user (GET /me): a verified customer without a default organization. */
export const me = (patch: Partial<TMe> = {}): TMe => ({
  id: 3,
  first_name: "Somchai",
  last_name: "Jaidee",
  email: "somchai@example.com",
  phone_number: "66812345678",
  roles: [1],
  default_organization_id: null,
  default_organization: null,
  tnc_log: null,
  tnc_version: null,
  tnc_accepted_at: null,
  phone_number_verified_at: "2026-11-01T03:00:00.000Z",
  email_verified_at: "2026-11-01T03:00:00.000Z",
  ...patch,
});

/** One organization (GET /c/organizations/{id}) as its owner sees it. */
export const organization = (patch: Partial<TOrganization> = {}): TOrganization => ({
  id: 7,
  name: "Acme",
  owner: { id: 3, name: "Somchai Jaidee", email: "somchai@example.com" },
  credits: 12_345,
  credit_expired_on: "2026-12-31T17:00:00.000Z",
  credit_trial_redeemed_at: null,
  members_count: 1,
  member_role: 100,
  is_current: true,
  suspension: null,
  ...patch,
});

/** A message template (GET /c/templates/{id}) with a {first_name} tag. */
export const template = (patch: Partial<TTemplate> = {}): TTemplate => ({
  id: 3,
  name: "Greeting",
  message: "Hello {first_name}, see you soon",
  enabled: true,
  created_at: "2026-11-20T03:00:00.000Z",
  updated_at: "2026-11-20T03:00:00.000Z",
  ...patch,
});

/** The same template as a row of GET /c/templates. */
export const templateListItem = (patch: Partial<TTemplate> = {}): TTemplateListItem => {
  const { message, ...rest } = template(patch);
  return { ...rest, message_excerpt: message, message_length: message.length };
};

/** A stored upload (POST /c/files) of the kind asked for: a payment slip by default. */
export const storedFile = (id: string, patch: Partial<TStoredFile> = {}): TStoredFile => ({
  id,
  kind: "payment_proof",
  mime: "image/png",
  size: 4,
  original_name: "slip.png",
  created_at: "2026-11-20T03:00:00.000Z",
  ...patch,
});

/** The organization's API and OTP settings with nothing customised, as the API answers them. */
export const apiSettings = (patch: Partial<TApiSettings> = {}): TApiSettings => ({
  otp_sender: null,
  otp_language: "th",
  otp_message_th: null,
  otp_message_en: null,
  rate_limit_per_second: 50,
  pump_prefix_max: 200,
  pump_fresh_key_max: 300,
  default_sender: "SMSPortal",
  default_messages: OTP_DEFAULT_MESSAGES,
  otp_code_length: 6,
  otp_valid_minutes: 5,
  otp_resend: "new",
  updated_at: null,
  ...patch,
});
