import { ORDER_MESSAGE_KEYS } from "@sms/domain";
import type { Catalog } from "./catalog.ts";

/** Carts, orders, the free trial and the staff's orders queue (issue 10). */
export const orders = {
  "orders.proof_already_used": {
    th: "สลิปนี้ใช้กับคำสั่งซื้ออื่นแล้ว สลิปหนึ่งใบใช้ได้กับคำสั่งซื้อเดียว กรุณาแนบสลิปการโอนของคำสั่งซื้อนี้",
    en: "This slip already backs another order. One slip can back one order only: please attach the transfer slip of this order.",
  },
  ...ORDER_MESSAGE_KEYS,
  "orders.package_not_found": {
    th: "ไม่พบแพ็กเกจนี้ หรือแพ็กเกจนี้ไม่เปิดขายแล้ว",
    en: "This package does not exist or is no longer on sale.",
  },
  "orders.trial_not_for_sale": {
    th: "แพ็กเกจทดลองใช้ฟรีรับได้จากปุ่มทดลองใช้ฟรีเท่านั้น",
    en: "The free-trial package is redeemed with the free-trial button, not ordered.",
  },
  "orders.trial_already_redeemed": {
    th: "องค์กรนี้ใช้สิทธิ์ทดลองใช้ฟรีไปแล้ว",
    en: "This organization has already redeemed its free trial.",
  },
  "orders.trial_phone_used": {
    th: "หมายเลขโทรศัพท์นี้ใช้สิทธิ์ทดลองใช้ฟรีไปแล้ว (ให้ได้ครั้งเดียวต่อหนึ่งเบอร์ ทุกองค์กร)",
    en: "This phone number has already had its free trial (one per phone number, across all organizations).",
  },
  "orders.trial_unavailable": {
    th: "ขณะนี้ไม่มีแพ็กเกจทดลองใช้ฟรี",
    en: "There is no free-trial package at the moment.",
  },
  "orders.already_decided": {
    th: "คำสั่งซื้อนี้ได้รับการพิจารณาไปแล้ว",
    en: "This order has already been decided.",
  },
  "orders.mail.approved.subject": {
    th: "คำสั่งซื้อ #{{id}} ได้รับการอนุมัติแล้ว / Order #{{id}} approved",
    en: "Order #{{id}} approved",
  },
  "orders.mail.rejected.subject": {
    th: "คำสั่งซื้อ #{{id}} ไม่ผ่านการตรวจสอบ / Order #{{id}} rejected",
    en: "Order #{{id}} rejected",
  },
  "orders.mail.approved.body": {
    th: "คำสั่งซื้อ #{{id}} ของ {{buyer}}{{account}} แพ็กเกจ {{package}} ได้รับการอนุมัติแล้ว เพิ่ม {{credits}} เครดิตเข้าบัญชีเรียบร้อย เครดิตใช้ได้ถึง {{expiry}} เลขที่ใบเสร็จรับเงิน/ใบกำกับภาษี {{document}} ดาวน์โหลดได้ที่หน้าคำสั่งซื้อ: {{link}}",
    en: "Order #{{id}} of {{buyer}}{{account}} for the {{package}} package is approved: {{credits}} credits were added to your account, valid until {{expiry}}. Receipt / tax invoice {{document}} can be downloaded from your orders: {{link}}",
  },
  "orders.mail.rejected.body": {
    th: "คำสั่งซื้อ #{{id}} ของ {{buyer}}{{account}} แพ็กเกจ {{package}} ไม่ผ่านการตรวจสอบ เหตุผล: {{reason}} หากมีข้อสงสัยกรุณาติดต่อเรา ดูคำสั่งซื้อได้ที่: {{link}}",
    en: "Order #{{id}} of {{buyer}}{{account}} for the {{package}} package was rejected. Reason: {{reason}} If you have questions, please contact us. Your orders: {{link}}",
  },
  /** The organization, when it has a name of its own (not its owner's, not the buyer's). */
  "orders.mail.account": {
    th: " (องค์กร {{organization}})",
    en: " (organization {{organization}})",
  },
  "orders.mail.received.subject": {
    th: "ได้รับคำสั่งซื้อ #{{id}} แล้ว / Order #{{id}} received",
    en: "Order #{{id}} received",
  },
  "orders.mail.received.body": {
    th: "เราได้รับคำสั่งซื้อ #{{id}} ของ {{buyer}}{{account}} แพ็กเกจ {{package}} ({{credits}} เครดิต) ยอดโอน {{amount}} บาท พร้อมหลักฐานการชำระเงินแล้ว ทีมงานจะตรวจสอบโดยปกติภายใน 1 ชั่วโมงในเวลาทำการ เมื่ออนุมัติ เครดิตจะเข้าบัญชีทันทีและเราจะแจ้งทางอีเมล ดูสถานะได้ที่หน้าคำสั่งซื้อ: {{link}}",
    en: "We have received order #{{id}} of {{buyer}}{{account}} for the {{package}} package ({{credits}} credits), {{amount}} baht transferred, with its proof of payment. Our team usually checks it within an hour during office hours. Once it is approved the credits arrive at once and we will e-mail you. Follow it on your orders: {{link}}",
  },
  "orders.mail.received.certificate": {
    th: "อย่าลืมแนบหนังสือรับรองการหักภาษี ณ ที่จ่าย (50 ทวิ) ยอด {{wht}} บาท ที่คำสั่งซื้อนี้ในหน้าคำสั่งซื้อ",
    en: "Please attach the withholding-tax certificate (50 Tawi) for {{wht}} baht to this order on your orders page.",
  },
  "orders.wht_certificate_not_applicable": {
    th: "คำสั่งซื้อนี้ไม่มีภาษีหัก ณ ที่จ่าย หรือไม่ผ่านการตรวจสอบ จึงไม่ต้องแนบหนังสือรับรองการหักภาษี ณ ที่จ่าย",
    en: "This order has no withholding tax, or was rejected, so it takes no withholding-tax certificate.",
  },
  // Audit-log actions (recordAudit), as the back office's audit log names them.
  "orders.approve": { th: "อนุมัติคำสั่งซื้อ", en: "Approve order" },
  "orders.reject": { th: "ปฏิเสธคำสั่งซื้อ", en: "Reject order" },
  "orders.mail.greeting": { th: "เรียน คุณ{{name}}", en: "Dear {{name}}," },
} satisfies Catalog;
