import { z } from "zod";
import type marketingTexts from "../../locales/en/marketing.json";
import { hasMarkup } from "../rules/person-name.ts";
import type { ValidationMessageKey } from "../rules/validation.ts";
import type { AccountMessageKey } from "./accounts.ts";
import { listResponse, ZListQuery } from "./common.ts";
import {
  CONTACT_EMAIL_PATTERN,
  CONTACT_LIMITS,
  CONTACT_PHONE_PATTERN,
  CONTACT_TOPICS,
  contactPhoneDigits,
} from "./contact-rules.ts";
import { text } from "./text.ts";

export { CONTACT_TOPICS, type ContactTopic } from "./contact-rules.ts";

/**
 * Contracts of the public marketing API: the package catalogue (spec §3 Package, §7 GET /c/packages)
 * and the contact-us form. Validation messages are i18n keys whose texts live in
 * locales/<lang>/marketing.json, the catalogue the server and the web both load.
 */

/** Required fields and the phone number say what every form says (spec §5), in the shared words. */
type MarketingMessageKey =
  | keyof typeof marketingTexts
  | Extract<AccountMessageKey, "validation.required" | "validation.name_markup">
  | Extract<ValidationMessageKey, "validation.phone_min_length">;
const k = (key: MarketingMessageKey) => ({ error: key });
/** An empty field gets "required" alone, not also "too short". */
const REQUIRED = { error: "validation.required", abort: true } as const;

/** One card of the public price list. Money in satang and in baht; price per SMS rounded to the satang. */
export const ZPublicPackage = z.object({
  id: z.number().int(),
  name: z.string(),
  months: z.number().int(),
  credits: z.number().int(),
  price: z.number(),
  price_satang: z.number().int(),
  price_per_sms: z.number(),
  price_per_sms_satang: z.number().int(),
  is_trial: z.boolean(),
});
export type TPublicPackage = z.infer<typeof ZPublicPackage>;

export const ZPackagesQuery = ZListQuery.pick({ page: true, size: true });
export type TPackagesQuery = z.infer<typeof ZPackagesQuery>;

export const ZPackagesResponse = listResponse(ZPublicPackage);
export type TPackagesResponse = z.infer<typeof ZPackagesResponse>;

export interface PackageRow {
  id: number;
  name: string;
  months: number;
  credits: number;
  priceSatang: number;
  isTrial: boolean;
}

/**
 * Price per SMS rounded half up to the satang, as a price is read (799 baht / 1,500 SMS =
 * 53.27 satang → 0.53 baht; 53.5 → 0.54). Integer arithmetic, so no float error decides a tie.
 */
export function pricePerSmsSatang(priceSatang: number, credits: number): number {
  return credits > 0 ? Math.floor((2 * priceSatang + credits) / (2 * credits)) : 0;
}

export function toPublicPackage(row: PackageRow): TPublicPackage {
  const perSms = pricePerSmsSatang(row.priceSatang, row.credits);
  return {
    id: row.id,
    name: row.name,
    months: row.months,
    credits: row.credits,
    price: row.priceSatang / 100,
    price_satang: row.priceSatang,
    price_per_sms: perSms / 100,
    price_per_sms_satang: perSms,
    is_trial: row.isTrial,
  };
}

const optionalText = (max: number, key: MarketingMessageKey) =>
  text()
    .trim()
    .max(max, k(key))
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * Contact-us form (issue 4). `website` is a honeypot: people never see it, bots fill it in.
 * Built from contact-rules.ts, whose `contactFormIssues` the page runs before sending.
 */
export const ZContactUsRequest = z.object({
  name: text(k("validation.required"))
    .trim()
    .min(1, REQUIRED)
    .max(CONTACT_LIMITS.name, k("marketing.validation.name_too_long"))
    .refine((v) => !hasMarkup(v), k("validation.name_markup")),
  email: text(k("validation.required"))
    .trim()
    .min(1, REQUIRED)
    .max(CONTACT_LIMITS.email, k("marketing.validation.email_invalid"))
    .pipe(z.email({ pattern: CONTACT_EMAIL_PATTERN, ...k("marketing.validation.email_invalid") })),
  phone: text()
    .transform(contactPhoneDigits)
    .pipe(z.union([z.literal(""), z.string().regex(CONTACT_PHONE_PATTERN, k("validation.phone_min_length"))]))
    .optional()
    .transform((v) => (v ? v : undefined)),
  company: optionalText(CONTACT_LIMITS.company, "marketing.validation.company_too_long"),
  topic: z.enum(CONTACT_TOPICS, {
    error: (issue) => (issue.input ? "marketing.validation.topic_invalid" : "validation.required"),
  }),
  message: text(k("validation.required"))
    .trim()
    .min(1, REQUIRED)
    .min(CONTACT_LIMITS.messageMin, k("marketing.validation.message_too_short"))
    .max(CONTACT_LIMITS.messageMax, k("marketing.validation.message_too_long")),
  website: text().max(500).optional(),
});
export type TContactUsRequest = z.input<typeof ZContactUsRequest>;

export const ZContactUsResponse = z.object({ data: z.object({ received: z.literal(true) }) });
export type TContactUsResponse = z.infer<typeof ZContactUsResponse>;

/** A contact message in staff's small inbox (review D70): new until someone marks it answered. */
export const CONTACT_SUBMISSION_STATUSES = ["new", "answered"] as const;
export type ContactSubmissionStatus = (typeof CONTACT_SUBMISSION_STATUSES)[number];

export const ZContactSubmission = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  topic: z.string(),
  message: z.string(),
  locale: z.string(),
  created_at: z.string(),
  emailed_at: z.string().nullable(),
  status: z.enum(CONTACT_SUBMISSION_STATUSES),
  /** The member of staff who looks after it. */
  assignee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  answered_at: z.string().nullable(),
});
export type TContactSubmission = z.infer<typeof ZContactSubmission>;
export const ZContactSubmissionsResponse = listResponse(ZContactSubmission);
export type TContactSubmissionsResponse = z.infer<typeof ZContactSubmissionsResponse>;
