import type { Catalog } from "./catalog.ts";

/** The public SMS API (issue 14 point 3): its ledger reason and the descriptions of its errors. */
export const publicApi = {
  "ledger.api_send": { th: "ส่งผ่าน API", en: "API send" },
  "public_api.unauthorized": {
    th: "API key หรือ secret ไม่ถูกต้อง",
    en: "The API key or secret is missing or incorrect.",
  },
  "public_api.ip_not_allowed": {
    th: "ที่อยู่ IP {{ip}} ไม่อยู่ในรายการ IP whitelist ขององค์กร",
    en: "The IP address {{ip}} is not in the organization's IP whitelist.",
  },
  "public_api.suspended": {
    th: "บัญชีถูกระงับการใช้งานถึง {{until}}",
    en: "The account is suspended until {{until}}.",
  },
  "public_api.owner_unverified": {
    th: 'เจ้าของบัญชียังไม่ได้ยืนยันหมายเลขโทรศัพท์ กรุณายืนยันที่หน้า "ยืนยันตัวตน" ในพอร์ทัลก่อนใช้ API',
    en: "The account owner has not verified a phone number. Please verify it on the portal's Verifications page before using the API.",
  },
  "public_api.invalid_parameter": {
    th: "ข้อมูลไม่ถูกต้อง: {{fields}}",
    en: "Invalid or missing parameters: {{fields}}.",
  },
  "public_api.message_required": { th: "กรุณาระบุข้อความ", en: "The message is empty." },
  "public_api.too_many_numbers": {
    th: "ส่งได้ไม่เกิน {{max}} หมายเลขต่อครั้ง",
    en: "At most {{max}} numbers per request.",
  },
  "public_api.no_valid_number": {
    th: "ไม่มีหมายเลขโทรศัพท์ที่ถูกต้อง",
    en: "No valid phone number was given.",
  },
  "public_api.callback_url_invalid": {
    th: "callback_url ต้องเป็น URL แบบ http หรือ https",
    en: "callback_url must be an http or https URL.",
  },
  "public_api.scheduled_delivery_format": {
    th: "รูปแบบ scheduled_delivery ไม่ถูกต้อง ใช้ YYMMDDhhmm, YYYY-MM-DD HH:mm (เวลาประเทศไทย) หรือ ISO 8601 ที่ระบุเขตเวลา",
    en: "scheduled_delivery is not a valid time: use YYMMDDhhmm, YYYY-MM-DD HH:mm (Bangkok time) or ISO 8601 with an offset.",
  },
  "public_api.scheduled_delivery_past": {
    th: "เวลาใน scheduled_delivery ผ่านไปแล้ว",
    en: "scheduled_delivery is in the past.",
  },
  "public_api.scheduled_delivery_too_far": {
    th: "ตั้งเวลาส่งล่วงหน้าได้ไม่เกิน {{days}} วัน",
    en: "scheduled_delivery may be at most {{days}} days ahead.",
  },
  "public_api.invalid_sender": {
    th: "ไม่สามารถใช้ชื่อผู้ส่ง {{sender}} ได้",
    en: "The sender {{sender}} cannot be used by this account.",
  },
  "public_api.invalid_phone_number": { th: "หมายเลขโทรศัพท์ไม่ถูกต้อง", en: "Invalid phone number." },
  "public_api.duplicate_phone_number": {
    th: "หมายเลขโทรศัพท์ซ้ำในคำขอเดียวกัน",
    en: "Duplicate phone number in this request.",
  },
  "public_api.credit_not_enough": {
    th: "เครดิตไม่พอ: ต้องใช้ {{needed}} เครดิต คงเหลือ {{balance}} เครดิต",
    en: "Not enough credit: {{needed}} needed, {{balance}} remaining.",
  },
  "public_api.rate_limited": {
    th: "เรียก API ถี่เกินไป (ไม่เกิน {{limit}} ครั้งต่อวินาทีต่อ key) กรุณาลองใหม่ใน {{seconds}} วินาที",
    en: "Too many requests for this key (at most {{limit}} per second); try again in {{seconds}} s.",
  },
  "public_api.pumping_prefix": {
    th: "ระงับการส่งไว้ก่อน: ส่งไปยังหมายเลขที่ขึ้นต้นด้วย {{prefix}} เกิน {{limit}} หมายเลขใน {{minutes}} นาที (ป้องกัน SMS pumping) ไม่มีการตัดเครดิต",
    en: "Refused: more than {{limit}} numbers starting with {{prefix}} within {{minutes}} minutes (SMS-pumping guard). Nothing was charged.",
  },
  "public_api.pumping_fresh_key": {
    th: "ระงับการส่งไว้ก่อน: API key ที่สร้างไม่ถึง 24 ชั่วโมงส่งได้ไม่เกิน {{limit}} หมายเลขใน {{minutes}} นาที (ป้องกัน SMS pumping) ไม่มีการตัดเครดิต",
    en: "Refused: a key less than 24 hours old may send to at most {{limit}} numbers within {{minutes}} minutes (SMS-pumping guard). Nothing was charged.",
  },
  "public_api.idempotency_key_invalid": {
    th: "Idempotency-Key ต้องเป็นตัวอักษรที่พิมพ์ได้ไม่เกิน {{max}} ตัว",
    en: "Idempotency-Key must be 1 to {{max}} printable characters.",
  },
  "public_api.idempotency_conflict": {
    th: "Idempotency-Key นี้ถูกใช้กับคำขออื่นแล้วภายใน 24 ชั่วโมง",
    en: "This Idempotency-Key was already used with a different request within 24 hours.",
  },
  "public_api.idempotency_in_flight": {
    th: "คำขอที่ใช้ Idempotency-Key นี้กำลังดำเนินการอยู่ กรุณาลองใหม่อีกครั้ง",
    en: "A request with this Idempotency-Key is still being processed; retry shortly.",
  },
} satisfies Catalog;
