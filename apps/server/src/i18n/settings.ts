import { SETTINGS_MESSAGE_KEYS } from "@sms/domain";
import type { Catalog } from "./catalog.ts";

/** The organization's alert settings (issue 15 point 4): the contract's texts and the alerts sent. */
export const settings = {
  ...SETTINGS_MESSAGE_KEYS,
  "settings.alert.greeting": { th: "เรียน คุณ{{name}}", en: "Dear {{name}}," },
  "settings.alert.footer": {
    th: "เปลี่ยนหรือปิดการแจ้งเตือนนี้ได้ที่ {{settings}}",
    en: "Change or turn off this alert at {{settings}}",
  },
  "settings.alert.low_credit.subject": {
    th: "เครดิตขององค์กร {{organization}} ใกล้หมด",
    en: "Low credit: {{organization}}",
  },
  "settings.alert.low_credit.body": {
    th: "เครดิตคงเหลือขององค์กร {{organization}} คือ {{credits}} เครดิต ต่ำกว่าเกณฑ์ที่ตั้งไว้ {{threshold}} เครดิต\nซื้อแพ็กเกจเพิ่มเพื่อให้ส่งข้อความได้ต่อเนื่อง: {{link}}",
    en: "{{organization}} has {{credits}} credits left, below your alert threshold of {{threshold}} credits.\nBuy a package to keep sending: {{link}}",
  },
  "settings.alert.low_credit.sms": {
    th: "เครดิต {{organization}} เหลือ {{credits}} ต่ำกว่า {{threshold}} เครดิต ซื้อเพิ่มได้ที่ {{link}}",
    en: "{{organization}} has {{credits}} credits left (below {{threshold}}). Buy a package: {{link}}",
  },
  "settings.alert.expiry.subject": {
    th: "เครดิตขององค์กร {{organization}} จะหมดอายุวันที่ {{date}}",
    en: "Credits of {{organization}} expire on {{date}}",
  },
  "settings.alert.expiry.body": {
    th: "เครดิตคงเหลือ {{credits}} เครดิตขององค์กร {{organization}} จะหมดอายุในวันที่ {{date}}\nการซื้อแพ็กเกจใหม่จะขยายวันหมดอายุ: {{link}}",
    en: "The {{credits}} remaining credits of {{organization}} expire on {{date}}.\nBuying a package extends the expiry: {{link}}",
  },
  "settings.alert.expiry.sms": {
    th: "เครดิต {{credits}} ของ {{organization}} จะหมดอายุ {{date}} ซื้อแพ็กเกจเพื่อขยายอายุ: {{link}}",
    en: "{{credits}} credits of {{organization}} expire on {{date}}. Extend: {{link}}",
  },
} satisfies Catalog;
