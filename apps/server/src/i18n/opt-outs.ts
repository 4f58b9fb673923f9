import type { Catalog } from "./catalog.ts";

/** The unsubscribe page of marketing messages' opt-out links (issue 27 point 1, ADR 93). */
export const optOuts = {
  "optOut.title": { th: "ยกเลิกรับข้อความ", en: "Unsubscribe" },
  "optOut.ask": {
    th: "ไม่ต้องการรับข้อความโฆษณาจาก {{sender}} ที่หมายเลข {{number}} อีกต่อไปใช่ไหม",
    en: "Stop marketing messages from {{sender}} to {{number}}?",
  },
  "optOut.button": { th: "ยกเลิกรับข้อความ", en: "Unsubscribe" },
  "optOut.done_title": { th: "ยกเลิกเรียบร้อยแล้ว", en: "You are unsubscribed" },
  "optOut.done": {
    th: "หมายเลข {{number}} จะไม่ได้รับข้อความโฆษณาจาก {{sender}} อีก",
    en: "{{number}} will no longer get marketing messages from {{sender}}.",
  },
  "optOut.already_title": { th: "คุณยกเลิกไว้แล้ว", en: "Already unsubscribed" },
  "optOut.already": {
    th: "หมายเลข {{number}} ไม่ได้รับข้อความโฆษณาจาก {{sender}} อยู่แล้ว",
    en: "{{number}} already gets no marketing messages from {{sender}}.",
  },
  "optOut.invalid_title": { th: "ลิงก์ไม่ถูกต้อง", en: "This link does not work" },
  "optOut.invalid": {
    th: "ลิงก์ยกเลิกรับข้อความนี้ไม่ถูกต้องหรือหมดอายุแล้ว กรุณาใช้ลิงก์จากข้อความล่าสุดที่ได้รับ หรือตอบกลับ STOP",
    en: "This unsubscribe link is not valid or has expired. Use the link in the latest message you received, or reply STOP.",
  },
  "optOut.note": {
    th: "ข้อความแจ้งรหัส OTP และข้อความที่ไม่ใช่โฆษณายังส่งถึงคุณได้",
    en: "One-time codes and messages that are not advertising may still reach you.",
  },
  "optOut.switch": { th: "English", en: "ภาษาไทย" },
} satisfies Catalog;
