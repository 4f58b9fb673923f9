import { z } from "zod";
import { listResponse, ZListQuery } from "./common.ts";

/**
 * Contracts of the public marketing API: the package catalogue (spec §3 Package, §7 GET /c/packages)
 * and the contact-us form. Validation messages are i18n keys whose texts live in
 * MARKETING_MESSAGE_KEYS, so the server's localised errors and the web copy share one source.
 */
export const MARKETING_MESSAGE_KEYS = {
  "marketing.validation.name_required": { en: "Please enter your name.", th: "กรุณากรอกชื่อของคุณ" },
  "marketing.validation.name_too_long": {
    en: "Please use at most 100 characters.",
    th: "กรุณากรอกไม่เกิน 100 ตัวอักษร",
  },
  "marketing.validation.email_invalid": {
    en: "Please enter a valid e-mail address.",
    th: "กรุณากรอกอีเมลให้ถูกต้อง",
  },
  "marketing.validation.phone_invalid": {
    en: "Please enter a phone number of 9 or 10 digits.",
    th: "กรุณากรอกหมายเลขโทรศัพท์ 9 หรือ 10 หลัก",
  },
  "marketing.validation.company_too_long": {
    en: "Please use at most 150 characters.",
    th: "กรุณากรอกไม่เกิน 150 ตัวอักษร",
  },
  "marketing.validation.topic_invalid": { en: "Please choose a topic.", th: "กรุณาเลือกหัวข้อที่ต้องการติดต่อ" },
  "marketing.validation.message_too_short": {
    en: "Please tell us a little more (at least 10 characters).",
    th: "กรุณาระบุรายละเอียดอย่างน้อย 10 ตัวอักษร",
  },
  "marketing.validation.message_too_long": {
    en: "Please keep the message under 2,000 characters.",
    th: "กรุณากรอกข้อความไม่เกิน 2,000 ตัวอักษร",
  },
} as const satisfies Record<string, { en: string; th: string }>;

type MarketingMessageKey = keyof typeof MARKETING_MESSAGE_KEYS;
const k = (key: MarketingMessageKey) => ({ error: key });

/** One card of the public price list. Money in satang and in baht; price per SMS rounded up to the satang. */
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
 * Price per SMS rounded *up* to the satang, so "from as low as" never understates what a
 * customer pays (799 baht / 1,500 SMS = 53.27 satang → 0.54 baht).
 */
export function pricePerSmsSatang(priceSatang: number, credits: number): number {
  return credits > 0 ? Math.ceil(priceSatang / credits) : 0;
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

export const CONTACT_TOPICS = ["sales", "support", "sender", "billing", "other"] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

const optionalText = (max: number, key: MarketingMessageKey) =>
  z
    .string()
    .trim()
    .max(max, k(key))
    .optional()
    .transform((v) => (v ? v : undefined));

/** Contact-us form (issue 4). `website` is a honeypot: people never see it, bots fill it in. */
export const ZContactUsRequest = z.object({
  name: z
    .string(k("marketing.validation.name_required"))
    .trim()
    .min(1, k("marketing.validation.name_required"))
    .max(100, k("marketing.validation.name_too_long")),
  email: z
    .string(k("marketing.validation.email_invalid"))
    .trim()
    .max(254, k("marketing.validation.email_invalid"))
    .pipe(z.email(k("marketing.validation.email_invalid"))),
  phone: z
    .string()
    .trim()
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(
      z.union([
        z.literal(""),
        z.string().regex(/^(?:\+?66|0)\d{8,9}$/, k("marketing.validation.phone_invalid")),
      ]),
    )
    .optional()
    .transform((v) => (v ? v : undefined)),
  company: optionalText(150, "marketing.validation.company_too_long"),
  topic: z.enum(CONTACT_TOPICS, k("marketing.validation.topic_invalid")),
  message: z
    .string(k("marketing.validation.message_too_short"))
    .trim()
    .min(10, k("marketing.validation.message_too_short"))
    .max(2000, k("marketing.validation.message_too_long")),
  website: z.string().max(500).optional(),
});
export type TContactUsRequest = z.input<typeof ZContactUsRequest>;

export const ZContactUsResponse = z.object({ data: z.object({ received: z.literal(true) }) });
export type TContactUsResponse = z.infer<typeof ZContactUsResponse>;

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
});
export type TContactSubmission = z.infer<typeof ZContactSubmission>;
export const ZContactSubmissionsResponse = listResponse(ZContactSubmission);
export type TContactSubmissionsResponse = z.infer<typeof ZContactSubmissionsResponse>;
