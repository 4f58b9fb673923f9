import { SUPPRESSION_MESSAGE_KEYS } from "@sms/domain";
import type { Catalog } from "./catalog.ts";

/** The suppression list (issue 13 point 3): its validation messages and the reasons' labels. */
export const suppressions = {
  ...SUPPRESSION_MESSAGE_KEYS,
  "suppressions.reason.stop_reply": {
    th: "ผู้รับตอบกลับ STOP",
    en: "Replied STOP",
  },
  "suppressions.reason.gateway_report": {
    th: "ผู้ให้บริการแจ้งว่าผู้รับปฏิเสธข้อความโฆษณา",
    en: "Blocks marketing (operator report)",
  },
  "suppressions.reason.link": {
    th: "ผู้รับกดลิงก์ยกเลิกรับข้อความ",
    en: "Opted out by link",
  },
  "suppressions.reason.manual": {
    th: "เพิ่มเอง",
    en: "Added manually",
  },
} satisfies Catalog;
