import type { Db } from "@sms/db";
import {
  type BuyerType,
  cartTotals,
  type TCart,
  type TCartTotals,
  type TWhtPayee,
  toPublicPackage,
  VAT_PERCENT,
  WITHHOLDING_TAX_PERCENT,
} from "@sms/domain";
import { findActivePackage } from "./find-package.ts";
import { promptPayQr } from "./promptpay.ts";

export interface QuoteCartOptions {
  packageId: number;
  buyerType: BuyerType;
  promptPayId: string;
  /** The PromptPay account holder's name (PROMPTPAY_NAME). */
  promptPayName: string;
  /** The seller in the caller's language, whom a 50 ทวิ certificate names. */
  whtPayee: TWhtPayee;
}
export type QuoteCartResult = TCart;

/** DESIGN §6 Cart in satang, with baht beside each amount for reading. */
export function cartTotalsOf(priceSatang: number, buyerType: BuyerType): TCartTotals {
  const t = cartTotals(priceSatang, { juristic: buyerType === "juristic" });
  return {
    sub_total_satang: t.subTotal,
    vat_satang: t.vat,
    total_with_vat_satang: t.totalWithVat,
    withholding_tax_satang: t.withholdingTax,
    total_satang: t.total,
    sub_total: t.subTotal / 100,
    vat: t.vat / 100,
    total_with_vat: t.totalWithVat / 100,
    withholding_tax: t.withholdingTax / 100,
    total: t.total / 100,
    vat_percent: VAT_PERCENT,
    withholding_tax_percent: WITHHOLDING_TAX_PERCENT,
  };
}

/**
 * The cart of one package (spec §2 /carts): its totals and the PromptPay QR of the exact total.
 * The free-trial package is shown too (/carts?free_trial=true), at zero and without a QR.
 */
export async function quoteCart(db: Db, options: QuoteCartOptions): Promise<QuoteCartResult> {
  const pkg = await findActivePackage(db, options.packageId);
  const totals = cartTotalsOf(pkg.priceSatang, options.buyerType);
  return {
    package: toPublicPackage(pkg),
    buyer_type: options.buyerType,
    totals,
    promptpay:
      totals.total_satang > 0
        ? promptPayQr(options.promptPayId, options.promptPayName, totals.total_satang)
        : null,
    wht_payee: options.whtPayee,
  };
}
