import type { Catalog } from "./catalog.ts";

export const core = {
  "errors.general": { th: "เกิดข้อผิดพลาด กรุณาลองใหม่อีกครั้ง", en: "Something went wrong. Please try again." },
  "errors.not_found": { th: "ไม่พบข้อมูลที่ต้องการ", en: "The requested item could not be found." },
  "errors.route_not_found": { th: "ไม่พบหน้านี้", en: "This page could not be found" },
  "errors.validation": {
    th: "ข้อมูลไม่ถูกต้อง กรุณาตรวจสอบอีกครั้ง",
    en: "Some fields are invalid. Please check them.",
  },
  "errors.unauthorized": { th: "กรุณาเข้าสู่ระบบ", en: "Please sign in." },
  "errors.forbidden": { th: "คุณไม่มีสิทธิ์ทำรายการนี้", en: "You are not allowed to do this." },
  "errors.role_not_allowed": {
    th: "บทบาทของคุณในองค์กรนี้ไม่มีสิทธิ์ทำรายการนี้",
    en: "Your role in this organization does not allow this.",
  },
  "errors.no_organization": {
    th: "คุณไม่ได้เป็นสมาชิกขององค์กรนี้แล้ว กรุณาเลือกองค์กรอื่น",
    en: "You are no longer a member of this organization. Please choose another one.",
  },
  "errors.conflict": { th: "ข้อมูลนี้มีอยู่แล้ว", en: "This already exists." },
  "errors.rate_limited": {
    th: "ส่งคำขอบ่อยเกินไป กรุณารอสักครู่แล้วลองใหม่",
    en: "Too many requests. Please wait a moment and try again.",
  },
  "errors.payload_too_large": { th: "ไฟล์หรือข้อมูลมีขนาดใหญ่เกินไป", en: "The file or data is too large." },
  "errors.heavy_work_busy": {
    th: "ขณะนี้ระบบกำลังเตรียมไฟล์อื่นอยู่เต็มกำลัง กรุณาลองใหม่ในอีก {{seconds}} วินาที",
    en: "The server is busy preparing other files. Please try again in {{seconds}} seconds.",
  },
  "errors.unavailable": {
    th: "ระบบไม่พร้อมให้บริการชั่วคราว",
    en: "The service is temporarily unavailable.",
  },
  // zod's own texts are English; a field without a message of its own gets one of these by issue code.
  "errors.field.required": { th: "กรุณากรอกข้อมูล", en: "This field is required." },
  "errors.field.wrong_type": { th: "รูปแบบข้อมูลไม่ถูกต้อง", en: "This value has the wrong type." },
  "errors.field.too_long": { th: "ข้อมูลยาวเกินกำหนด", en: "This value is too long." },
  "errors.field.too_short": { th: "ข้อมูลสั้นเกินไป", en: "This value is too short." },
  "errors.field.too_large": { th: "ตัวเลขมากเกินกำหนด", en: "This number is too large." },
  "errors.field.too_small": { th: "ตัวเลขน้อยกว่าที่กำหนด", en: "This number is too small." },
  "errors.field.invalid_choice": {
    th: "กรุณาเลือกจากตัวเลือกที่มีให้",
    en: "Please choose one of the allowed values.",
  },
  "errors.field.invalid_format": { th: "รูปแบบไม่ถูกต้อง", en: "The format is invalid." },
  "errors.field.unknown_field": { th: "ไม่รองรับข้อมูลช่องนี้", en: "This field is not allowed." },
  "errors.field.body_invalid": {
    th: "ข้อมูลที่ส่งมาไม่ครบหรือรูปแบบไม่ถูกต้อง",
    en: "The request data is missing or malformed.",
  },
} satisfies Catalog;
