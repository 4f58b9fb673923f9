import type { Catalog } from "./catalog.ts";

/** Background exports of the messages report (issue 15 point 3, ADR 0025). */
export const messageExports = {
  "message_exports.not_ready": {
    th: "ระบบกำลังเตรียมไฟล์นี้ กรุณารอสักครู่แล้วลองใหม่",
    en: "The file is still being prepared. Please try again in a moment.",
  },
  "message_exports.too_many": {
    th: "มีไฟล์ที่กำลังเตรียมอยู่ 3 ไฟล์แล้ว กรุณารอให้ไฟล์ใดไฟล์หนึ่งเสร็จก่อน",
    en: "Three exports are already being prepared. Please wait until one of them is ready.",
  },
  "message_exports.failed_too_large": {
    th: "ไฟล์นี้ใช้หน่วยความจำเกินกำหนด จึงเตรียมไม่สำเร็จ กรุณาส่งออกช่วงเวลาที่สั้นลง",
    en: "This file needed more memory than an export may use. Please export a shorter period.",
  },
  "message_exports.failed_crashed": {
    th: "การเตรียมไฟล์นี้หยุดลงก่อนเสร็จ กรุณาส่งออกใหม่อีกครั้ง หรือเลือกช่วงเวลาที่สั้นลง",
    en: "Preparing this file stopped before it was complete. Please export again, or choose a shorter period.",
  },
} satisfies Catalog;
