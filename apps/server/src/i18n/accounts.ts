import type { Catalog } from "./catalog.ts";

/** Server messages of the accounts feature: errors, success messages and the SMS/e-mail texts. */
export const accounts = {
  "accounts.invalid_credentials": {
    th: "ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง",
    en: "The username or password is incorrect.",
  },
  "accounts.locked": {
    th: "บัญชีของคุณถูกล็อกเนื่องจากใส่รหัสผ่านผิดเกิน 10 ครั้งในวันเดียว กรุณาตั้งรหัสผ่านใหม่ผ่านเมนูลืมรหัสผ่านเพื่อปลดล็อก",
    en: "Your account is locked after more than 10 wrong passwords today. Please reset your password with Forgot password to unlock it.",
  },
  "accounts.session_replaced": {
    th: "คุณถูกออกจากระบบ เนื่องจากบัญชีนี้เข้าสู่ระบบจากอุปกรณ์อื่น (ใช้งานได้ครั้งละหนึ่งเซสชัน)",
    en: "You were signed out because this account signed in on another device (one session at a time).",
  },
  "accounts.session_ended": {
    th: "เซสชันของคุณสิ้นสุดแล้ว กรุณาเข้าสู่ระบบอีกครั้ง",
    en: "Your session has ended. Please login again.",
  },
  "accounts.register_token_not_allowed": {
    th: "กรุณายืนยันตัวตนให้เสร็จและเข้าสู่ระบบก่อน",
    en: "Please finish the verification and sign in first.",
  },
  "accounts.otp_expired": {
    th: "รหัส OTP หมดอายุหรือถูกใช้ไปแล้ว กรุณาขอรหัสใหม่",
    en: "The OTP code has expired or was already used. Please request a new code.",
  },
  "accounts.otp_rate_limited": {
    th: "ขอรหัส OTP บ่อยเกินไป กรุณาลองใหม่ในอีก {{seconds}} วินาที",
    en: "Too many OTP codes were requested. Please try again in {{seconds}} seconds.",
  },
  "accounts.phone_not_verified": {
    th: "กรุณายืนยันหมายเลขโทรศัพท์ของบัญชีก่อน จึงจะรับเครดิตทดลองใช้ ส่งข้อความ สร้าง API key หรือสั่งซื้อแพ็กเกจได้",
    en: "Please verify your account's phone number first: the free trial, sending, API keys and orders need it.",
  },
  "accounts.phone_codes_daily_limit": {
    th: "บัญชีนี้ขอรหัสยืนยันทาง SMS ครบ {{limit}} ครั้งใน 24 ชั่วโมงแล้ว กรุณาลองใหม่ในอีก {{hours}} ชั่วโมง",
    en: "This account has asked for {{limit}} SMS verification codes in 24 hours. Please try again in {{hours}} hours.",
  },
  "accounts.please_login_again": { th: "กรุณาเข้าสู่ระบบอีกครั้ง", en: "Please login again" },
  "accounts.password_reset_done": {
    th: "ตั้งรหัสผ่านใหม่เรียบร้อยแล้ว กรุณาเข้าสู่ระบบอีกครั้ง",
    en: "Your password has been reset. Please login again.",
  },
  "accounts.logged_out": { th: "ออกจากระบบเรียบร้อยแล้ว", en: "You have been signed out." },
  "accounts.phone_verified": { th: "ยืนยันหมายเลขโทรศัพท์เรียบร้อยแล้ว", en: "Your phone number is verified." },
  "accounts.email_verified": { th: "ยืนยันอีเมลเรียบร้อยแล้ว", en: "Your e-mail address is verified." },
  "accounts.already_verified": {
    th: "ยืนยันข้อมูลนี้เรียบร้อยแล้ว",
    en: "This is already verified.",
  },
  "accounts.registration_complete": {
    th: "การสมัครนี้เสร็จเรียบร้อยแล้ว กรุณาเข้าสู่ระบบ",
    en: "This registration is already complete. Please sign in.",
  },
  "accounts.current_password_wrong": {
    th: "รหัสผ่านปัจจุบันไม่ถูกต้อง",
    en: "The current password is incorrect.",
  },
  "accounts.tnc_version_mismatch": {
    th: "ข้อกำหนดและเงื่อนไขมีการเปลี่ยนแปลง กรุณาโหลดหน้าใหม่และยอมรับฉบับล่าสุด",
    en: "The terms and conditions have changed. Please reload and accept the latest version.",
  },
  "accounts.refresh_invalid": {
    th: "เซสชันหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง",
    en: "Your session has expired. Please login again.",
  },
  "accounts.reset_token_invalid": {
    th: "ลิงก์ตั้งรหัสผ่านใหม่หมดอายุแล้ว กรุณาเริ่มขั้นตอนลืมรหัสผ่านอีกครั้ง",
    en: "This password reset has expired. Please start Forgot password again.",
  },
  "accounts.same_value": {
    th: "ข้อมูลใหม่ตรงกับข้อมูลปัจจุบัน",
    en: "The new value is the same as the current one.",
  },
  "accounts.value_in_use": {
    th: "หมายเลขโทรศัพท์หรืออีเมลนี้ถูกใช้กับบัญชีอื่นแล้ว",
    en: "This phone number or e-mail is already used by another account.",
  },
  "accounts.sms.otp": {
    th: "รหัส OTP ของคุณคือ {{code}} (Ref: {{ref}}) ใช้ได้ภายใน 5 นาที ห้ามเปิดเผยรหัสนี้แก่ผู้อื่น",
    en: "Your OTP code is {{code}} (Ref: {{ref}}). It is valid for 5 minutes. Never share this code.",
  },
  "accounts.email.otp.subject": {
    th: "รหัส OTP ของคุณ (Ref: {{ref}})",
    en: "Your OTP code (Ref: {{ref}})",
  },
  "accounts.email.otp.body": {
    th: "รหัส OTP ของคุณคือ {{code}}\nรหัสอ้างอิง: {{ref}}\nรหัสนี้ใช้ได้ภายใน 5 นาทีและใช้ได้เพียงครั้งเดียว ห้ามเปิดเผยรหัสนี้แก่ผู้อื่น\nหากคุณไม่ได้ขอรหัสนี้ กรุณาเพิกเฉยต่ออีเมลฉบับนี้",
    en: "Your OTP code is {{code}}\nReference: {{ref}}\nThe code is valid for 5 minutes and can be used once. Never share it.\nIf you did not ask for this code, please ignore this e-mail.",
  },
  "accounts.sms.register_notice": {
    th: "มีผู้พยายามสมัครสมาชิกด้วยหมายเลขนี้ หากเป็นคุณ กรุณาเข้าสู่ระบบหรือใช้เมนูลืมรหัสผ่าน",
    en: "Someone tried to register with this number. If it was you, please sign in or use Forgot password.",
  },
  "accounts.email.welcome.subject": {
    th: "ยินดีต้อนรับ สมัครสมาชิกเรียบร้อยแล้ว",
    en: "Welcome: your account is ready",
  },
  "accounts.email.welcome.body": {
    th: "สวัสดีคุณ{{name}}\nสมัครสมาชิกเรียบร้อยแล้ว ยืนยันโทรศัพท์และอีเมลครบแล้ว ขั้นตอนถัดไปที่แนะนำ:\n1. รับเครดิตทดลองใช้ฟรี: {{trial}}\n2. ขอชื่อผู้ส่ง (ใช้เวลาตรวจสอบ 1-3 วันทำการ จึงควรขอตั้งแต่วันนี้): {{sender}}\n3. ซื้อแพ็กเกจเพื่อส่งจริง: {{credit}}",
    en: "Hello {{name}},\nYour registration is complete: your phone and e-mail are verified. What to do next:\n1. Claim the free trial credit: {{trial}}\n2. Request a sender name (staff review takes 1-3 working days, so start today): {{sender}}\n3. Buy a package for real sends: {{credit}}",
  },
  "accounts.email.register_notice.subject": {
    th: "มีผู้พยายามสมัครสมาชิกด้วยอีเมลของคุณ",
    en: "Someone tried to register with your e-mail address",
  },
  "accounts.email.register_notice.body": {
    th: "มีผู้พยายามสมัครสมาชิกใหม่ด้วยอีเมลนี้ แต่อีเมลนี้มีบัญชีอยู่แล้ว\nหากเป็นคุณ กรุณาเข้าสู่ระบบหรือใช้เมนูลืมรหัสผ่าน หากไม่ใช่คุณ กรุณาเพิกเฉยต่ออีเมลฉบับนี้",
    en: "Someone tried to create a new account with this e-mail address, which already has an account.\nIf it was you, please sign in or use Forgot password. Otherwise you can ignore this e-mail.",
  },
  "accounts.sms.change_notice": {
    th: "มีผู้พยายามเพิ่มหมายเลขนี้ให้กับบัญชีอื่น หากไม่ใช่คุณ กรุณาเพิกเฉยต่อข้อความนี้",
    en: "Someone tried to add this number to another account. If it was not you, please ignore this message.",
  },
  "accounts.email.change_notice.subject": {
    th: "มีผู้พยายามใช้อีเมลของคุณกับบัญชีอื่น",
    en: "Someone tried to use your e-mail address on another account",
  },
  "accounts.email.change_notice.body": {
    th: "มีผู้พยายามเพิ่มอีเมลนี้ให้กับบัญชีอื่น แต่อีเมลนี้มีบัญชีอยู่แล้ว หากไม่ใช่คุณ กรุณาเพิกเฉยต่ออีเมลฉบับนี้",
    en: "Someone tried to add this e-mail address to another account, but it already has one. If it was not you, please ignore this e-mail.",
  },
} satisfies Catalog;
