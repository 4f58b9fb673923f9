import type { Catalog } from "./catalog.ts";

/** Server messages of the delivery webhooks: why an attempt failed, and the list filters. */
export const webhooks = {
  "webhooks.error.http_status": {
    th: "ปลายทางตอบกลับด้วยสถานะ HTTP {{status}} (ต้องเป็น 2xx)",
    en: "The receiver answered HTTP {{status}} (a 2xx is needed).",
  },
  "webhooks.error.timeout": {
    th: "ปลายทางไม่ตอบกลับภายใน 10 วินาที",
    en: "The receiver did not answer within 10 seconds.",
  },
  "webhooks.error.connect_timeout": {
    th: "เชื่อมต่อกับปลายทางไม่ได้ภายใน 3 วินาที",
    en: "The receiver did not accept the connection within 3 seconds.",
  },
  "webhooks.error.refused": {
    th: "ปลายทางปฏิเสธการเชื่อมต่อ",
    en: "The receiver refused the connection.",
  },
  "webhooks.error.dns": {
    th: "ไม่พบชื่อโดเมนของ callback_url",
    en: "The callback_url's host name could not be resolved.",
  },
  "webhooks.error.reset": {
    th: "การเชื่อมต่อถูกตัดก่อนได้รับคำตอบ",
    en: "The connection was closed before an answer.",
  },
  "webhooks.error.tls": {
    th: "ใบรับรอง HTTPS ของปลายทางไม่ถูกต้อง",
    en: "The receiver's HTTPS certificate is not valid.",
  },
  "webhooks.error.network": {
    th: "เชื่อมต่อปลายทางไม่สำเร็จ",
    en: "The receiver could not be reached.",
  },
  "webhooks.error.blocked_address": {
    th: "ไม่อนุญาตให้ส่งไปยังที่อยู่ภายในหรือที่อยู่ส่วนตัว (loopback, private network)",
    en: "Webhooks may not be sent to loopback or private network addresses.",
  },
  "webhooks.error.invalid_url": {
    th: "callback_url ไม่ใช่ URL แบบ http หรือ https ที่ถูกต้อง",
    en: "The callback_url is not a valid http or https URL.",
  },
  "webhooks.error.secret_unavailable": {
    th: "ไม่สามารถอ่าน webhook signing secret ได้ กรุณาเปลี่ยน secret ใหม่ที่หน้า SMS API",
    en: "The webhook signing secret cannot be read. Please rotate it on the SMS API page.",
  },
  "webhooks.validation.message_id_invalid": {
    th: "รหัสข้อความไม่ถูกต้อง",
    en: "The message id is invalid.",
  },
  "webhooks.validation.campaign_id_invalid": {
    th: "รหัสแคมเปญไม่ถูกต้อง",
    en: "The campaign id is invalid.",
  },
} satisfies Catalog;
