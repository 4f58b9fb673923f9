import { CAMPAIGN_MESSAGE_KEYS } from "@sms/domain";
import type { Catalog } from "./catalog.ts";

/** Sends: instant messages, campaigns, file campaigns (issue 12 point 2). */
export const campaigns = {
  ...CAMPAIGN_MESSAGE_KEYS,
  "campaigns.marketing_sender_required": {
    th: "ข้อความการตลาดต้องส่งด้วยชื่อผู้ส่งประเภทการตลาดขององค์กรที่ได้รับอนุมัติแล้ว",
    en: "Marketing messages need your organization's own approved marketing sender name.",
  },
  "campaigns.trial_no_links": {
    th: "บัญชีทดลองใช้ฟรียังส่งข้อความที่มีลิงก์หรือชื่อเว็บไซต์ไม่ได้ จนกว่าจะมีคำสั่งซื้อแพ็กเกจที่ได้รับอนุมัติ",
    en: "A free-trial account cannot send links or web addresses until a paid order of it has been approved.",
  },
  "campaigns.trial_recipient_limit": {
    th: "บัญชีทดลองใช้ฟรีส่งถึงเบอร์ที่ต่างกันได้ไม่เกิน {{limit}} เบอร์ใน 24 ชั่วโมง จนกว่าจะมีคำสั่งซื้อแพ็กเกจที่ได้รับอนุมัติ",
    en: "A free-trial account can reach at most {{limit}} different numbers in 24 hours until a paid order of it has been approved.",
  },
  "campaigns.debt_collection_blocked": {
    th: "ไม่สามารถส่งข้อความทวงถามหนี้ในช่วงเวลานี้ได้ (จันทร์-ศุกร์ 20:00-08:00 วันหยุดและวันหยุดนักขัตฤกษ์ 18:00-08:00 เวลาประเทศไทย)",
    en: "Debt-collection messages cannot be sent now (Mon–Fri 20:00–08:00, weekends and public holidays 18:00–08:00, Bangkok time).",
  },
  "campaigns.template_off": {
    th: "เทมเพลตนี้ถูกปิดใช้งาน กรุณาเปิดใช้งานหรือเลือกเทมเพลตอื่น",
    en: "This template is turned off. Please turn it on or choose another one.",
  },
  "campaigns.insufficient_credits": {
    th: "เครดิตไม่เพียงพอ: การส่งครั้งนี้ใช้ {{needed}} เครดิต แต่มีเครดิตคงเหลือ {{balance}} เครดิต",
    en: "Not enough credits: this send needs {{needed}} credits and the balance is {{balance}}.",
  },
  "campaigns.no_recipients": {
    th: "ไม่มีผู้รับเหลือให้ส่ง: ทุกเบอร์ไม่ถูกต้อง ซ้ำ หรือขอไม่รับข้อความการตลาด",
    en: "No recipient is left to send to: every number is invalid, a duplicate or has opted out of marketing messages.",
  },
  "campaigns.empty_after_personalising": {
    th: "ข้อความจะว่างเปล่าสำหรับผู้รับ {{count}} ราย เมื่อใส่ข้อมูลส่วนตัวแล้ว (เช่น ผู้รับที่ไม่มีชื่อ) กรุณาเพิ่มข้อความนอกเหนือจากแท็ก",
    en: "The message would be empty for {{count}} recipients once personalised (for example contacts without a first name). Please add text around the tags.",
  },
  "campaigns.too_many_for_tracked_links": {
    th: "แคมเปญที่ย่อและติดตามลิงก์ส่งได้ไม่เกิน {{limit}} ผู้รับ กรุณาแบ่งส่งหลายแคมเปญ หรือปิดการติดตามลิงก์",
    en: "A campaign with tracked links can go to at most {{limit}} recipients. Please split it into several campaigns or turn link tracking off.",
  },
  "campaigns.recipient_suppressed": {
    th: "ผู้รับรายนี้ขอไม่รับข้อความการตลาดจากองค์กรของคุณ",
    en: "This recipient has opted out of marketing messages from your organization.",
  },
  "campaigns.idempotency_key_invalid": {
    th: "Idempotency-Key ต้องเป็นตัวอักษร ASCII ที่มองเห็นได้ ไม่เกิน 200 ตัวอักษร",
    en: "The Idempotency-Key must be visible ASCII characters, at most 200.",
  },
  "campaigns.idempotency_key_reused": {
    th: "Idempotency-Key นี้ถูกใช้กับการส่งประเภทอื่นแล้ว",
    en: "This Idempotency-Key was already used for another kind of send.",
  },
  "campaigns.still_accepting": {
    th: "การส่งที่ใช้ Idempotency-Key นี้ยังรับงานอยู่ กรุณาลองใหม่อีกครั้งในอีกสักครู่",
    en: "The send made with this Idempotency-Key is still being accepted. Please try again in a moment.",
  },
  "campaigns.file.unreadable": {
    th: "ไม่สามารถอ่านไฟล์ได้ กรุณาตรวจสอบว่าเป็นไฟล์ CSV หรือ Excel (.xlsx)",
    en: "The file could not be read. Please check it is a CSV or Excel (.xlsx) file.",
  },
  "campaigns.file.empty": {
    th: "ไม่พบเบอร์ผู้รับในไฟล์",
    en: "The file has no recipients.",
  },
  "campaigns.file.too_many_rows": {
    th: "ไฟล์มีเกิน {{limit}} แถว",
    en: "The file has more than {{limit}} rows.",
  },
  "campaigns.file.phone_column_not_found": {
    th: 'ไม่พบคอลัมน์ "{{column}}" ในแถวหัวตารางของไฟล์',
    en: 'The file\'s header row has no column "{{column}}".',
  },
  "campaigns.file.unknown_tag": {
    th: "ไฟล์ไม่มีคอลัมน์สำหรับแท็ก {{tag}} แท็กที่ใช้ได้: {{tags}}",
    en: "The file has no column for the tag {{tag}}. Tags you can use: {{tags}}",
  },
  "campaigns.warning.advertising_quiet_hours": {
    th: "ไม่แนะนำให้ส่งโฆษณาในช่วงเวลา 00:00-06:00",
    en: "Advertising between 00:00 and 06:00 is discouraged.",
  },
  "ledger.instant_message": { th: "ส่งข้อความทันที", en: "Instant message" },
  "ledger.campaign": { th: "ส่งแคมเปญ", en: "Campaign" },
  "ledger.file_campaign": { th: "ส่งแคมเปญจากไฟล์", en: "File campaign" },
} satisfies Catalog;
