import { z } from "zod";
import type orderTexts from "../../locales/en/orders.json";
import { hasMarkup } from "../rules/person-name.ts";
import { BRANCH_PATTERN, isValidTaxId, normalizeTaxId, TAX_ID_LENGTH } from "../rules/tax-id.ts";
import type { AccountMessageKey } from "./accounts.ts";
import { defineSort, listQuery, listQueryShape, listResponse, resolveSort } from "./lists.ts";
import { ZPublicPackage } from "./marketing.ts";
import { text } from "./text.ts";

/**
 * Carts, orders and the staff's orders queue (spec §3 Order and Cart totals, §4 order, §7
 * /c/orders; DESIGN §6 Cart). Money travels in satang and, for reading, in baht. Totals are always
 * computed by the server from the package (rules/cart.ts); nothing a client sends sets them.
 */

export type OrderMessageKey = keyof typeof orderTexts;
type Key =
  | OrderMessageKey
  | Extract<AccountMessageKey, "validation.required" | "validation.name_markup">
  | "validation.proof_file_required";
const k = (key: Key) => ({ error: key });

export const ORDER_STATUSES = ["waiting", "approved", "rejected"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Spec §4: a waiting order is shown to the customer as "checking". */
export const ORDER_STATUS_LABEL: Record<OrderStatus, "checking" | "approved" | "rejected"> = {
  waiting: "checking",
  approved: "approved",
  rejected: "rejected",
};

export const BUYER_TYPES = ["individual", "juristic"] as const;
export type BuyerType = (typeof BUYER_TYPES)[number];

export const ORDER_TEXT_LIMITS = { name: 200, address: 500, reason: 500 } as const;

const ZPackageId = z.coerce
  .number(k("orders.validation.package_invalid"))
  .int(k("orders.validation.package_invalid"))
  .min(1, k("orders.validation.package_invalid"))
  .max(2_147_483_647, k("orders.validation.package_invalid"));

const ZBuyerType = z.enum(BUYER_TYPES, k("orders.validation.buyer_type_invalid"));

/** GET /c/carts: the package and who buys (withholding tax applies to juristic buyers only). */
export const ZCartQuery = z.object({
  package_id: ZPackageId,
  buyer_type: ZBuyerType.default("individual"),
});
export type TCartQuery = z.input<typeof ZCartQuery>;

/** Cart totals (spec §3) in satang, and in baht for reading. */
export const ZCartTotals = z.object({
  sub_total_satang: z.number().int(),
  vat_satang: z.number().int(),
  /** Sub total + VAT: the tax invoice's total (จำนวนเงินรวมทั้งสิ้น), before withholding tax. */
  total_with_vat_satang: z.number().int(),
  withholding_tax_satang: z.number().int(),
  /** What is transferred: the total with VAT less the withholding tax. */
  total_satang: z.number().int(),
  sub_total: z.number(),
  vat: z.number(),
  total_with_vat: z.number(),
  withholding_tax: z.number(),
  total: z.number(),
  vat_percent: z.number(),
  withholding_tax_percent: z.number(),
});
export type TCartTotals = z.infer<typeof ZCartTotals>;

/** The PromptPay QR of the exact total (EMVCo payload and an SVG of it); none for a free package. */
export const ZPromptPay = z.object({
  /**
   * The receiving PromptPay id (the company's tax id or mobile phone number), whole: the QR carries it
   * anyway, and a customer paying by hand needs all of it.
   */
  id: z.string(),
  /** The account holder a banking app shows before the transfer is confirmed, to check against. */
  payee_name: z.string(),
  payload: z.string(),
  qr_svg: z.string(),
});
export type TPromptPay = z.infer<typeof ZPromptPay>;

/**
 * Whom a juristic buyer's withholding-tax certificate (50 ทวิ) is made out to: the seller as its
 * tax invoices name it, in the caller's language.
 */
export const ZWhtPayee = z.object({
  name: z.string(),
  tax_id: z.string(),
  branch: z.string(),
  address: z.string(),
});
export type TWhtPayee = z.infer<typeof ZWhtPayee>;

export const ZCart = z.object({
  package: ZPublicPackage,
  buyer_type: ZBuyerType,
  totals: ZCartTotals,
  promptpay: ZPromptPay.nullable(),
  wht_payee: ZWhtPayee,
});
export type TCart = z.infer<typeof ZCart>;
export const ZCartResponse = z.object({ data: ZCart });
export type TCartResponse = z.infer<typeof ZCartResponse>;

const ZTaxId = text()
  .transform(normalizeTaxId)
  .pipe(
    text()
      .length(TAX_ID_LENGTH, k("orders.validation.tax_id_invalid"))
      .refine(isValidTaxId, k("orders.validation.tax_id_invalid")),
  );

/**
 * POST /c/orders. A juristic buyer's tax invoice needs the company name (`buyer_name`), its tax id
 * (13 digits with the check digit), branch ("00000" = head office) and address; an individual may
 * give a tax id and address. Unknown fields (status, credits, totals, organization_id) are stripped.
 */
export const ZCreateOrderRequest = z
  .object({
    package_id: ZPackageId,
    buyer_type: ZBuyerType,
    buyer_name: text(k("validation.required"))
      .trim()
      // Not `abort`: an explicit abort would skip the juristic fields' check below (review D12).
      .min(1, k("validation.required"))
      .max(ORDER_TEXT_LIMITS.name, k("orders.validation.name_too_long"))
      .refine((v) => !hasMarkup(v), k("validation.name_markup")),
    tax_id: z
      .union([z.literal(""), ZTaxId])
      .optional()
      .transform((v) => (v ? v : undefined)),
    branch: text()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(z.string().regex(BRANCH_PATTERN, k("orders.validation.branch_invalid")).optional()),
    address: text()
      .trim()
      .max(ORDER_TEXT_LIMITS.address, k("orders.validation.address_too_long"))
      .optional()
      .transform((v) => (v ? v : undefined)),
    proof_file_id: z.uuid(k("validation.proof_file_required")),
    /** A juristic buyer's 50 ทวิ certificate, if it has one now (it can be attached later too). */
    wht_certificate_file_id: z
      .union([z.literal(""), z.uuid(k("validation.proof_file_required"))])
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .superRefine(
    (value, ctx) => {
      if (value.buyer_type !== "juristic") return;
      for (const path of ["tax_id", "branch", "address"] as const) {
        if (!value[path]) ctx.addIssue({ code: "custom", path: [path], message: "validation.required" });
      }
    },
    // Also when another field failed: every missing field is flagged at once (review D12).
    { when: ({ value }) => typeof value === "object" && value !== null },
  );
export type TCreateOrderRequest = z.input<typeof ZCreateOrderRequest>;
export type TCreateOrderBody = z.output<typeof ZCreateOrderRequest>;

/** One order as its organization sees it (spec §3 Order). `price` is the total paid, in baht. */
export const ZOrder = z.object({
  id: z.number().int(),
  created_at: z.string(),
  package_id: z.number().int(),
  package_name: z.string(),
  months: z.number().int(),
  credits: z.number().int(),
  price: z.number(),
  sub_total_satang: z.number().int(),
  vat_satang: z.number().int(),
  withholding_tax_satang: z.number().int(),
  total_satang: z.number().int(),
  is_trial: z.boolean(),
  buyer_type: ZBuyerType,
  buyer_name: z.string(),
  buyer_tax_id: z.string().nullable(),
  buyer_branch: z.string().nullable(),
  buyer_address: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  /** What the customer reads: "checking" while waiting (spec §4). */
  status_label: z.enum(["checking", "approved", "rejected"]),
  reject_reason: z.string().nullable(),
  proof_file_id: z.string().nullable(),
  /** The juristic buyer's withholding-tax certificate (50 ทวิ), once attached. */
  wht_certificate_file_id: z.string().nullable(),
  document_number: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type TOrder = z.infer<typeof ZOrder>;

/** The staff's view adds who ordered, for which organization, and who decided. */
export const ZAdminOrder = ZOrder.extend({
  organization_id: z.number().int(),
  organization_name: z.string(),
  user_email: z.string().nullable(),
  decided_by: z.number().int().nullable(),
  /** Other orders, of any organization, whose payment slip has the same content (review I3). */
  same_proof_orders: z.array(z.number().int()),
});
export type TAdminOrder = z.infer<typeof ZAdminOrder>;

export const ZOrderResponse = z.object({ data: ZOrder });
export type TOrderResponse = z.infer<typeof ZOrderResponse>;
export const ZOrdersResponse = listResponse(ZOrder);
export type TOrdersResponse = z.infer<typeof ZOrdersResponse>;
export const ZAdminOrderResponse = z.object({ data: ZAdminOrder });
export type TAdminOrderResponse = z.infer<typeof ZAdminOrderResponse>;
export const ZAdminOrdersResponse = listResponse(ZAdminOrder);
export type TAdminOrdersResponse = z.infer<typeof ZAdminOrdersResponse>;

/** The customer's orders: newest first. */
export const ORDER_SORT = defineSort(["created_at", "id", "total", "status"], {
  key: "created_at",
  reverse: true,
});
export const ZOrdersQuery = listQuery({ sort: ORDER_SORT });
export type TOrdersQuery = z.output<typeof ZOrdersQuery>;

/** The staff's queue: oldest first, so the longest-waiting order is decided first. */
export const ADMIN_ORDER_SORT = defineSort(["created_at", "id", "total", "status"], {
  key: "created_at",
  reverse: false,
});
export const ADMIN_ORDERS_PAGE_SIZE = 20;
export const ZAdminOrdersQuery = z
  .object({
    ...listQueryShape({ sort: ADMIN_ORDER_SORT, defaultSize: ADMIN_ORDERS_PAGE_SIZE }),
    status: z
      .union([z.literal(""), z.enum(ORDER_STATUSES)], k("orders.validation.status_invalid"))
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .transform((value) => resolveSort(value, ADMIN_ORDER_SORT));
export type TAdminOrdersQuery = z.output<typeof ZAdminOrdersQuery>;
export type TAdminOrdersQueryInput = z.input<typeof ZAdminOrdersQuery>;

export const ZOrderIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export type TOrderIdParams = z.input<typeof ZOrderIdParams>;

/**
 * PUT /c/orders/{id}/wht-certificate: attaches (or replaces) the 50 ทวิ certificate of a juristic
 * order, uploaded first with POST /c/files?kind=withholding_certificate.
 */
export const ZAttachWhtCertificateRequest = z.object({
  file_id: z.uuid(k("validation.proof_file_required")),
});
export type TAttachWhtCertificateRequest = z.input<typeof ZAttachWhtCertificateRequest>;

/** Rejecting says why; the customer reads it on /orders and in the e-mail. */
export const ZRejectOrderRequest = z.object({
  reason: text(k("orders.validation.reason_required"))
    .trim()
    .min(1, { error: "orders.validation.reason_required" satisfies Key, abort: true })
    .max(ORDER_TEXT_LIMITS.reason, k("orders.validation.reason_too_long")),
});
export type TRejectOrderRequest = z.input<typeof ZRejectOrderRequest>;

/** The free trial granted: the order and the organization's balance and expiry after it. */
export const ZFreeTrialResponse = z.object({
  data: z.object({ order: ZOrder, credits: z.number().int(), credit_expired_on: z.string() }),
});
export type TFreeTrialResponse = z.infer<typeof ZFreeTrialResponse>;
