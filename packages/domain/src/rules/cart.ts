import { formatNumber } from "./format.ts";

export const VAT_PERCENT = 7;
export const WITHHOLDING_TAX_PERCENT = 3;

export interface CartTotals {
  subTotal: number;
  vat: number;
  /** The tax invoice's total, sub total + VAT (จำนวนเงินรวมทั้งสิ้น): what the amount in words reads. */
  totalWithVat: number;
  withholdingTax: number;
  /** What is transferred: the total with VAT less the withholding tax the buyer remits itself. */
  total: number;
}

/** Keeps `satang × percent` inside the safe-integer range. */
const MAX_PRICE_SATANG = Math.floor(Number.MAX_SAFE_INTEGER / 100);

function assertPrice(value: number): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > MAX_PRICE_SATANG) {
    throw new RangeError("priceSatang must be a non-negative integer number of satang");
  }
}

/** Integer-only so a percentage of a satang amount never picks up floating-point drift; .5 rounds up. */
function percentOf(satang: number, percent: number): number {
  return Math.floor((satang * percent + 50) / 100);
}

/**
 * Cart totals in satang. Withholding tax is deducted only by juristic buyers, who remit it to the
 * Revenue Department themselves; it is computed on the pre-VAT amount.
 */
export function cartTotals(priceSatang: number, { juristic }: { juristic: boolean }): CartTotals {
  assertPrice(priceSatang);
  const subTotal = priceSatang;
  const vat = percentOf(subTotal, VAT_PERCENT);
  const withholdingTax = juristic ? percentOf(subTotal, WITHHOLDING_TAX_PERCENT) : 0;
  const totalWithVat = subTotal + vat;
  return { subTotal, vat, totalWithVat, withholdingTax, total: totalWithVat - withholdingTax };
}

/** "1,234.50": the amount only, so each locale can place its own unit (บาท, THB, ฿). */
export function formatBaht(satang: number): string {
  if (!Number.isSafeInteger(satang)) throw new RangeError("satang must be an integer");
  const abs = Math.abs(satang);
  const fraction = abs % 100;
  const baht = (abs - fraction) / 100;
  return `${satang < 0 ? "-" : ""}${formatNumber(baht)}.${String(fraction).padStart(2, "0")}`;
}
