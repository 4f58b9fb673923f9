import { ADMIN_MESSAGE_KEYS } from "@sms/domain";
import type { Catalog } from "./catalog.ts";

/** The back office (issue 10 point 5). */
export const admin: Catalog = {
  ...ADMIN_MESSAGE_KEYS,
  "admin.holiday_exists": {
    th: "วันที่ {{date}} อยู่ในรายการวันหยุดแล้ว",
    en: "{{date}} is already in the holiday list.",
  },
  "admin.holiday_deleted": { th: "ลบวันหยุดเรียบร้อยแล้ว", en: "Holiday removed." },
};
