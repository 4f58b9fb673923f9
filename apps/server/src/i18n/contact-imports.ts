import { CONTACT_IMPORT_MESSAGE_KEYS } from "@sms/domain";
import type { Catalog } from "./catalog.ts";

/** Contact imports from CSV/XLSX (issue 11 point 2). */
export const contactImports = {
  ...CONTACT_IMPORT_MESSAGE_KEYS,
  "contact_imports.in_progress": {
    th: "กลุ่มนี้มีการนำเข้าที่ยังไม่เสร็จ กรุณาดำเนินการต่อหรือยกเลิกก่อน",
    en: "This group already has an import in progress. Please continue or cancel it first.",
  },
  "contact_imports.not_in_preview": {
    th: "การนำเข้านี้ไม่ได้รอการยืนยันแล้ว",
    en: "This import is no longer waiting for your decision.",
  },
  "contact_imports.error.unreadable": {
    th: "ไม่สามารถอ่านไฟล์ได้ กรุณาตรวจสอบว่าเป็นไฟล์ CSV หรือ Excel (.xlsx)",
    en: "The file could not be read. Please check it is a CSV or Excel (.xlsx) file.",
  },
  "contact_imports.error.empty": {
    th: "ไม่พบรายชื่อในไฟล์",
    en: "The file has no contacts.",
  },
  "contact_imports.error.too_many_rows": {
    th: "ไฟล์มีรายชื่อเกิน {{limit}} แถว",
    en: "The file has more than {{limit}} rows.",
  },
} satisfies Catalog;
