import type { Locale } from "@sms/domain";
import type { Config } from "../../config.ts";
import type { ReceiptDocument } from "./receipt-pdf.ts";

/** The seller block of a receipt in its language, from SELLER_* configuration. */
export function sellerOf(config: Pick<Config, "seller">, locale: Locale): ReceiptDocument["seller"] {
  const { seller } = config;
  return {
    name: seller.name[locale],
    address: seller.address[locale],
    taxId: seller.taxId,
    branch: seller.branch,
  };
}
