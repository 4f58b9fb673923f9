import { ORDER_MESSAGE_KEYS } from "@sms/domain";
import type { Catalog } from "./catalog.ts";

/** Carts, orders, the free trial and the staff's orders queue (issue 10). */
export const orders: Catalog = {
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
    th: "เบอร์โทรศัพท์นี้ใช้สิทธิ์ทดลองใช้ฟรีไปแล้ว (ให้ได้ครั้งเดียวต่อหนึ่งเบอร์ ทุกองค์กร)",
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
    th: "คำสั่งซื้อ #{{id}} แพ็กเกจ {{package}} ได้รับการอนุมัติแล้ว เพิ่ม {{credits}} เครดิตให้องค์กร {{organization}} เรียบร้อย เครดิตใช้ได้ถึง {{expiry}} เลขที่ใบเสร็จรับเงิน/ใบกำกับภาษี {{document}} ดาวน์โหลดได้ที่หน้าคำสั่งซื้อ: {{link}}",
    en: "Order #{{id}} for the {{package}} package is approved: {{credits}} credits were added to {{organization}}, valid until {{expiry}}. Receipt / tax invoice {{document}} can be downloaded from your orders page: {{link}}",
  },
  "orders.mail.rejected.body": {
    th: "คำสั่งซื้อ #{{id}} แพ็กเกจ {{package}} ขององค์กร {{organization}} ไม่ผ่านการตรวจสอบ เหตุผล: {{reason}} หากมีข้อสงสัยกรุณาติดต่อเรา ดูคำสั่งซื้อได้ที่: {{link}}",
    en: "Order #{{id}} for the {{package}} package of {{organization}} was rejected. Reason: {{reason}} If you have questions, please contact us. Your orders: {{link}}",
  },
  // Audit-log actions (recordAudit), as the back office's audit log names them.
  "orders.approve": { th: "อนุมัติคำสั่งซื้อ", en: "Approve order" },
  "orders.reject": { th: "ปฏิเสธคำสั่งซื้อ", en: "Reject order" },
  "orders.mail.greeting": { th: "เรียน คุณ{{name}}", en: "Dear {{name}}," },
};
