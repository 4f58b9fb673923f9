import { API_KEY_MESSAGE_KEYS } from "@sms/domain";
import type { Catalog } from "./catalog.ts";

/** API keys and the IP whitelist (issue 14): the contract's validation texts and the module's errors. */
export const apiKeys = {
  ...API_KEY_MESSAGE_KEYS,
  "whitelist.address_taken": {
    th: "ที่อยู่ IP นี้อยู่ในรายการแล้ว",
    en: "This IP address is already in the whitelist.",
  },
  "whitelist.full": {
    th: "เพิ่มที่อยู่ IP ได้ไม่เกิน {{max}} รายการ กรุณาลบรายการที่ไม่ใช้ หรือใช้ช่วง CIDR แทน",
    en: "The whitelist holds at most {{max}} entries. Remove unused ones or use a CIDR range instead.",
  },
} satisfies Catalog;
