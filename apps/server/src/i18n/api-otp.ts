import { API_LOG_MESSAGE_KEYS, API_SETTINGS_MESSAGE_KEYS } from "@sms/domain";
import type { Catalog } from "./catalog.ts";

/**
 * The public API's OTP (issue 14 point 3) and the organization's API settings: the settings
 * contract's validation texts, the settings' errors and the OTP errors' sentences (the fixed
 * ThaiBulkSMS sentences "Code is invalid." and the like are answered as they are, untranslated),
 * and the request log's filters (issue 27 point 3).
 */
export const apiOtp = {
  ...API_SETTINGS_MESSAGE_KEYS,
  ...API_LOG_MESSAGE_KEYS,
  "api_settings.sender_not_usable": {
    th: "ไม่สามารถใช้ชื่อผู้ส่ง {{sender}} ได้ กรุณาเลือกชื่อผู้ส่งเริ่มต้นหรือชื่อผู้ส่งที่ได้รับอนุมัติแล้วขององค์กร",
    en: "The sender {{sender}} cannot be used. Choose the default sender or one of the organization's approved senders.",
  },
  "api_otp.invalid_msisdn": {
    th: "หมายเลขโทรศัพท์ไม่ถูกต้อง",
    en: "The phone number (msisdn) is not a valid Thai mobile phone number.",
  },
  "api_otp.too_many_requests": {
    th: "ขอรหัส OTP ไปยังหมายเลขนี้บ่อยเกินไป กรุณาลองใหม่ในอีก {{seconds}} วินาที",
    en: "Too many codes requested for this number. Try again in {{seconds}} seconds.",
  },
  "api_otp.too_many_attempts": {
    th: "กรอกรหัสผิดเกินจำนวนครั้งที่กำหนด กรุณาขอรหัสใหม่",
    en: "Too many wrong codes. Request a new code.",
  },
  "api_otp.invalid_sender": {
    th: "ไม่สามารถใช้ชื่อผู้ส่ง OTP {{sender}} ได้ กรุณาตรวจสอบการตั้งค่า API",
    en: "The OTP sender {{sender}} cannot be used. Check the API settings.",
  },
} satisfies Catalog;
