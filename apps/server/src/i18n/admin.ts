import { ADMIN_MESSAGE_KEYS } from "@sms/domain";
import type { Catalog } from "./catalog.ts";

/** The back office (issue 10 point 5). */
export const admin = {
  ...ADMIN_MESSAGE_KEYS,
  "admin.holiday_exists": {
    th: "วันที่ {{date}} อยู่ในรายการวันหยุดแล้ว",
    en: "{{date}} is already in the holiday list.",
  },
  "admin.holiday_deleted": { th: "ลบวันหยุดเรียบร้อยแล้ว", en: "Holiday removed." },
  "admin.user_not_locked": {
    th: "บัญชีนี้ไม่ได้ถูกล็อก",
    en: "This account is not locked.",
  },
  "admin.user_no_sessions": {
    th: "ผู้ใช้นี้ไม่ได้เข้าสู่ระบบอยู่ที่ใด",
    en: "This user is not signed in anywhere.",
  },
  "admin.user_already_verified": {
    th: "ผู้ใช้นี้ยืนยันหมายเลขโทรศัพท์และอีเมลแล้ว",
    en: "This user has verified both phone number and e-mail.",
  },
  "admin.mail.reminder.subject": {
    th: "กรุณายืนยันบัญชีของคุณ",
    en: "Please verify your account",
  },
  "admin.mail.reminder.greeting": { th: "เรียน คุณ{{name}}", en: "Dear {{name}}," },
  "admin.mail.reminder.body": {
    th: 'เจ้าหน้าที่ขอให้คุณยืนยัน{{items}}ของบัญชี เปิดหน้ายืนยันตัวตนแล้วกด "ขอรหัส" ระบบจะส่งรหัสให้คุณ:',
    en: "Our support team asks you to verify your account's {{items}}. Open the verification page and ask for a code; we will send it to you:",
  },
  "admin.mail.reminder.phone": { th: "หมายเลขโทรศัพท์", en: "phone number" },
  "admin.mail.reminder.email": { th: "อีเมล", en: "e-mail" },
} satisfies Catalog;
