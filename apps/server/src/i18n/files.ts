import { UPLOAD_MESSAGE_KEYS } from "@sms/domain";
import type { Catalog } from "./catalog.ts";

/**
 * Upload messages (texts shared with the web in the domain). The spec's own upload messages are in
 * VALIDATION_MESSAGE_KEYS.
 */
export const files = {
  ...UPLOAD_MESSAGE_KEYS,
  // Reading an uploaded CSV/XLSX within its budgets, in a worker thread (ADR 30).
  "files.budget.inflated": {
    th: "ไฟล์ Excel นี้เมื่อแตกไฟล์แล้วมีขนาดเกิน {{inflated_mb}} MB กรุณาบันทึกเป็น CSV หรือแบ่งเป็นหลายไฟล์",
    en: "This workbook unpacks to more than {{inflated_mb}} MB. Please save it as CSV or split it into smaller files.",
  },
  "files.budget.ratio": {
    th: "ไฟล์ Excel นี้ถูกบีบอัดมากผิดปกติ (เกิน {{ratio}}:1) จึงไม่สามารถอ่านได้",
    en: "This workbook is compressed far more than a spreadsheet can be (over {{ratio}}:1), so it cannot be read.",
  },
  "files.budget.shared_strings": {
    th: "ไฟล์ Excel นี้มีข้อความที่ไม่ซ้ำกันเกิน {{shared_strings}} รายการ หรือเกิน {{shared_strings_mb}} MB กรุณาบันทึกเป็น CSV หรือแบ่งเป็นหลายไฟล์",
    en: "This workbook holds more than {{shared_strings}} different texts, or more than {{shared_strings_mb}} MB of them. Please save it as CSV or split it into smaller files.",
  },
  "files.budget.cell": {
    th: "มีช่องในไฟล์ที่ยาวเกิน {{cell_chars}} ตัวอักษร ซึ่งยาวเกินกว่าชื่อ หมายเลขโทรศัพท์ หรือข้อความ กรุณาลบคอลัมน์นั้นออกแล้วอัปโหลดอีกครั้ง",
    en: "A cell of the file is longer than {{cell_chars}} characters, far longer than a name, a number or a message value. Please remove that column and upload the file again.",
  },
  "files.budget.entries": {
    th: "ไฟล์ Excel นี้มีส่วนประกอบเกิน {{entries}} ส่วน จึงไม่สามารถอ่านได้",
    en: "This workbook holds more than {{entries}} parts, so it cannot be read.",
  },
  "files.error.crashed": {
    th: "การอ่านไฟล์ต้องใช้หน่วยความจำเกินกว่าที่อนุญาต กรุณาบันทึกเป็น CSV หรือแบ่งเป็นไฟล์ที่เล็กลง",
    en: "Reading the file needed more memory than a file may use. Please save it as CSV or split it into smaller files.",
  },
  "files.error.timeout": {
    th: "การอ่านไฟล์ใช้เวลานานเกินไป กรุณาแบ่งเป็นไฟล์ที่เล็กลง",
    en: "Reading the file took too long. Please split it into smaller files.",
  },
  "files.error.interrupted": {
    th: "การอ่านไฟล์ถูกขัดจังหวะ กรุณาอัปโหลดไฟล์อีกครั้ง",
    en: "Reading the file was interrupted. Please upload it again.",
  },
  "files.error.busy": {
    th: "ขณะนี้มีไฟล์รอการอ่านจำนวนมาก กรุณาลองใหม่ในอีก {{seconds}} วินาที",
    en: "Many files are being read right now. Please try again in {{seconds}} seconds.",
  },
} satisfies Catalog;
