import { SENDER_MESSAGE_KEYS } from "@sms/domain";
import type { Catalog } from "./catalog.ts";

/** Sender names, the staff's sender queue and the inactivity cancellation (issue 11). */
export const senders = {
  ...SENDER_MESSAGE_KEYS,
  "senders.not_found": { th: "ไม่พบชื่อผู้ส่งนี้", en: "This sender name does not exist." },
  "senders.name_taken": {
    th: "ชื่อผู้ส่งนี้มีอยู่แล้วหรือกำลังรอการอนุมัติ กรุณาใช้ชื่ออื่น",
    en: "This sender name is already in use or waiting for approval. Please choose another name.",
  },
  "senders.evidence_files_invalid": {
    th: "ไม่พบไฟล์หลักฐานที่แนบ กรุณาแนบไฟล์ใหม่อีกครั้ง",
    en: "The evidence files could not be found. Please add them again.",
  },
  "senders.already_decided": {
    th: "คำขอชื่อผู้ส่งนี้ได้รับการพิจารณาไปแล้ว",
    en: "This sender request has already been decided.",
  },
  "senders.not_approved": {
    th: "ใช้ส่งข้อความได้เฉพาะชื่อผู้ส่งที่ได้รับการอนุมัติแล้วเท่านั้น",
    en: "Only approved sender names can be used to send.",
  },
  "senders.own_sender_required": {
    th: "ชื่อผู้ส่งกลางของระบบใช้ได้เฉพาะรหัส OTP ผ่าน API เท่านั้น กรุณาขอชื่อผู้ส่งขององค์กรและรอการอนุมัติก่อนส่งข้อความ",
    en: "The shared sender name carries only OTP codes of the API. Please request your organization's own sender name and wait for its approval before sending messages.",
  },
  "senders.reason.inactive": {
    th: "ยกเลิกอัตโนมัติเนื่องจากไม่มีการใช้งานเกิน 1 ปี ตามข้อกำหนดการใช้บริการ",
    en: "Cancelled automatically after more than a year without use, as the terms of service say.",
  },
  // Audit-log actions (recordAudit), as the back office's audit log names them.
  "senders.approve": { th: "อนุมัติชื่อผู้ส่ง", en: "Approve sender name" },
  "senders.block": { th: "ระงับชื่อผู้ส่ง", en: "Block sender name" },
  "senders.mail.greeting": { th: "เรียน คุณ{{name}}", en: "Dear {{name}}," },
  "senders.mail.approved.subject": {
    th: "ชื่อผู้ส่ง {{sender}} ได้รับการอนุมัติแล้ว / Sender name {{sender}} approved",
    en: "Sender name {{sender}} approved",
  },
  "senders.mail.approved.body": {
    th: "ชื่อผู้ส่ง {{sender}} ขององค์กร {{organization}} ได้รับการอนุมัติแล้ว เริ่มใช้ส่งข้อความได้ทันที ดูรายละเอียดได้ที่: {{link}}",
    en: "The sender name {{sender}} of {{organization}} is approved and can be used to send from now on. Details: {{link}}",
  },
  "senders.mail.approved.note": {
    th: "หมายเหตุจากเจ้าหน้าที่: {{reason}}",
    en: "Note from our staff: {{reason}}",
  },
  "senders.mail.blocked.subject": {
    th: "ชื่อผู้ส่ง {{sender}} ไม่ได้รับการอนุมัติ / Sender name {{sender}} blocked",
    en: "Sender name {{sender}} blocked",
  },
  "senders.mail.blocked.body": {
    th: "ชื่อผู้ส่ง {{sender}} ขององค์กร {{organization}} ไม่ได้รับการอนุมัติ เหตุผล: {{reason}} หากมีข้อสงสัยกรุณาติดต่อเรา ดูรายละเอียดได้ที่: {{link}}",
    en: "The sender name {{sender}} of {{organization}} was blocked. Reason: {{reason}} If you have questions, please contact us. Details: {{link}}",
  },
  "senders.mail.warning.subject": {
    th: "ชื่อผู้ส่ง {{sender}} จะถูกยกเลิกหากไม่มีการใช้งาน / Sender name {{sender}} will be cancelled",
    en: "Sender name {{sender}} will be cancelled",
  },
  "senders.mail.warning.body": {
    th: "ชื่อผู้ส่ง {{sender}} ขององค์กร {{organization}} ไม่ได้ถูกใช้งานมาเกือบ 1 ปี และจะถูกยกเลิกในวันที่ {{date}} ตามข้อกำหนดการใช้บริการ หากต้องการเก็บชื่อนี้ไว้ กรุณาส่งข้อความด้วยชื่อผู้ส่งนี้ก่อนวันดังกล่าว: {{link}}",
    en: "The sender name {{sender}} of {{organization}} has not been used for almost a year and will be cancelled on {{date}}, as the terms of service say. To keep it, send a message with it before then: {{link}}",
  },
  "senders.mail.cancelled.subject": {
    th: "ชื่อผู้ส่ง {{sender}} ถูกยกเลิกแล้ว / Sender name {{sender}} cancelled",
    en: "Sender name {{sender}} cancelled",
  },
  "senders.mail.cancelled.body": {
    th: "ชื่อผู้ส่ง {{sender}} ขององค์กร {{organization}} ถูกยกเลิกแล้ว เนื่องจากไม่มีการใช้งานเกิน 1 ปี ตามข้อกำหนดการใช้บริการ หากต้องการใช้อีกครั้ง กรุณายื่นคำขอใหม่: {{link}}",
    en: "The sender name {{sender}} of {{organization}} was cancelled after more than a year without use, as the terms of service say. To use it again, please request it anew: {{link}}",
  },
} satisfies Catalog;
