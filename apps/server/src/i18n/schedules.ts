import { SCHEDULE_MESSAGE_KEYS, TRIAL_RECIPIENTS_PER_DAY } from "@sms/domain";
import type { Catalog } from "./catalog.ts";

/** Scheduled and recurring campaigns (issue 13 point 2): validation, cancel, and why a run failed. */
export const schedules = {
  ...SCHEDULE_MESSAGE_KEYS,
  "schedules.not_cancellable": {
    th: "ยกเลิกไม่ได้ เนื่องจากแคมเปญที่ตั้งเวลานี้เสร็จสิ้นหรือถูกยกเลิกไปแล้ว",
    en: "This scheduled campaign cannot be cancelled: it is already completed or cancelled.",
  },
  "schedules.run.insufficient_credits": {
    th: "เครดิตไม่เพียงพอในเวลาที่ส่ง",
    en: "Not enough credits at the send time.",
  },
  "schedules.run.organization_suspended": {
    th: "องค์กรถูกระงับการใช้งานในเวลาที่ส่ง",
    en: "The organization was suspended at the send time.",
  },
  "schedules.run.phone_not_verified": {
    th: "ผู้ตั้งเวลาส่งยังไม่ได้ยืนยันหมายเลขโทรศัพท์ในเวลาที่ส่ง",
    en: "The member who scheduled it had no verified phone number at the send time.",
  },
  "schedules.run.trial_recipient_limit": {
    th: `บัญชีทดลองใช้ฟรีส่งถึงเบอร์ที่ต่างกันได้ไม่เกิน ${TRIAL_RECIPIENTS_PER_DAY} เบอร์ใน 24 ชั่วโมง จนกว่าจะมีคำสั่งซื้อแพ็กเกจที่ได้รับอนุมัติ`,
    en: `A free-trial account can reach at most ${TRIAL_RECIPIENTS_PER_DAY} different numbers in 24 hours until a paid order of it has been approved.`,
  },
  "schedules.run.member_removed": {
    th: "ผู้ตั้งเวลาส่งไม่ได้เป็นสมาชิกขององค์กรแล้ว",
    en: "The member who scheduled it is no longer in the organization.",
  },
  "schedules.run.not_found": {
    th: "ไม่พบชื่อผู้ส่ง กลุ่มรายชื่อ หรือเทมเพลตที่ใช้แล้ว",
    en: "The sender name, a contact group or the template no longer exists.",
  },
  "schedules.run.empty_after_personalising": {
    th: "ข้อความจะว่างเปล่าสำหรับผู้รับบางราย เมื่อใส่ข้อมูลส่วนตัวแล้ว",
    en: "The message would be empty for some recipients once personalised.",
  },
  "schedules.run.file_changed": {
    th: "ไฟล์ไม่ตรงกับข้อความหรือคอลัมน์หมายเลขโทรศัพท์ที่กำหนดไว้แล้ว",
    en: "The file no longer fits the message or the phone column.",
  },
  "schedules.run.refused": {
    th: "ระบบไม่รับการส่งครั้งนี้",
    en: "This send was refused.",
  },
  "schedules.run.missed": {
    th: "ไม่ได้ส่ง เนื่องจากระบบไม่พร้อมทำงานนานเกินไปหลังเวลาที่กำหนด",
    en: "Not sent: the system was unavailable for too long after the send time.",
  },
  "schedules.run.error": {
    th: "ส่งไม่สำเร็จเนื่องจากข้อผิดพลาดของระบบ",
    en: "Not sent because of a system error.",
  },
} satisfies Catalog;
