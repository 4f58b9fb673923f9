import type { Catalog } from "./catalog.ts";

/** Credits, orders, organizations and the back office (issue 10). */
export const billing = {
  "credits.insufficient": {
    th: "เครดิตไม่เพียงพอ",
    en: "Not enough credits.",
  },
  "organizations.suspended": {
    th: "องค์กรนี้ถูกระงับการใช้งานชั่วคราวจนถึง {{until}}: {{reason}}",
    en: "This organization is suspended until {{until}}: {{reason}}",
  },
  "ledger.opening_balance": { th: "ยอดยกมา", en: "Opening balance" },
  "ledger.expired": { th: "เครดิตหมดอายุ", en: "Credits expired" },
  "ledger.order_approved": { th: "ซื้อแพ็กเกจ", en: "Package bought" },
  "ledger.free_trial": { th: "ทดลองใช้ฟรี", en: "Free trial" },
  "ledger.otp_send": { th: "ส่งรหัส OTP", en: "OTP sent" },
  // What a credit entry belongs to, in words (credits/subjects.ts; review D54).
  "ledger.subject.campaign": { th: "แคมเปญ {{name}}", en: "Campaign {{name}}" },
  "ledger.subject.campaign_unknown": { th: "แคมเปญ #{{id}}", en: "Campaign #{{id}}" },
  "ledger.subject.instant": { th: "ส่งทันทีถึง {{name}}", en: "Instant message to {{name}}" },
  "ledger.subject.api": { th: "ส่งผ่าน API", en: "API send" },
  "ledger.subject.api_tagged": { th: "ส่งผ่าน API ({{name}})", en: "API send ({{name}})" },
  "ledger.subject.otp": { th: "รหัส OTP", en: "OTP" },
  "ledger.subject.order": { th: "คำสั่งซื้อ #{{id}}", en: "Order #{{id}}" },
  "ledger.subject.adjustment": { th: "ปรับเครดิตโดยเจ้าหน้าที่", en: "Adjusted by staff" },
  "ledger.subject.expiry": { th: "หมดอายุวันที่ {{date}}", en: "Expired on {{date}}" },
} satisfies Catalog;
