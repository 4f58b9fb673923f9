import { CONTACT_MESSAGE_KEYS } from "@sms/domain";
import type { Catalog } from "./catalog.ts";

/** Contact groups, contacts and exports (issue 11). */
export const contacts = {
  ...CONTACT_MESSAGE_KEYS,
  "contacts.group_name_taken": {
    th: "มีกลุ่มชื่อนี้อยู่แล้ว กรุณาใช้ชื่ออื่น",
    en: "A group with this name already exists. Please choose another name.",
  },
  "contacts.phone_taken": {
    th: "หมายเลขนี้มีอยู่ในกลุ่มแล้ว",
    en: "This number is already in the group.",
  },
} satisfies Catalog;
