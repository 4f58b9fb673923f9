import type { Catalog } from "./catalog.ts";

/** Background exports of the messages report (issue 15 point 3, ADR 0025). */
export const messageExports: Catalog = {
  "message_exports.not_ready": {
    th: "ระบบกำลังเตรียมไฟล์นี้ กรุณารอสักครู่แล้วลองใหม่",
    en: "The file is still being prepared. Please try again in a moment.",
  },
  "message_exports.too_many": {
    th: "มีไฟล์ที่กำลังเตรียมอยู่ 3 ไฟล์แล้ว กรุณารอให้ไฟล์ใดไฟล์หนึ่งเสร็จก่อน",
    en: "Three exports are already being prepared. Please wait until one of them is ready.",
  },
};
