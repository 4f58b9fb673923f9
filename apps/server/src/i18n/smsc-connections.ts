import { SMSC_CONNECTION_MESSAGE_KEYS, SMSC_ROUTE_MESSAGE_KEYS } from "@sms/domain";
import type { Catalog } from "./catalog.ts";

/** SMSC connections in the back office (issue 26 point 1). */
export const smscConnections = {
  ...SMSC_CONNECTION_MESSAGE_KEYS,
  ...SMSC_ROUTE_MESSAGE_KEYS,
  "smsc.mail.down.subject": {
    th: "การเชื่อมต่อ SMSC {{name}} ใช้งานไม่ได้เกิน 1 นาที",
    en: "SMSC connection {{name}} has been down for over a minute",
  },
  "smsc.mail.down.body": {
    th: "การเชื่อมต่อ {{name}} ใช้ส่งข้อความไม่ได้ตั้งแต่ {{since}} (UTC) ข้อความใหม่ถูกส่งผ่านการเชื่อมต่อสำรองของเส้นทาง หรือรอจนกว่าการเชื่อมต่อจะกลับมา",
    en: "The connection {{name}} has not taken messages since {{since}} (UTC). New messages go through their routes' failover connections, or wait until it is back.",
  },
  "smsc.mail.down.error": {
    th: "ข้อผิดพลาดล่าสุด: {{error}}",
    en: "Last error: {{error}}",
  },
  "smsc.route_name_taken": {
    th: "มีเส้นทางชื่อ {{name}} อยู่แล้ว กรุณาใช้ชื่ออื่น",
    en: "A route named {{name}} already exists. Please choose another name.",
  },
  "smsc.route_organization_unknown": {
    th: "ไม่พบองค์กรนี้ กรุณาตรวจสอบหมายเลของค์กร",
    en: "There is no such organization. Please check the organization's number.",
  },
  "smsc.route_operator_unknown": {
    th: "ยังไม่มีช่วงหมายเลขของผู้ให้บริการ {{operator}} กรุณาเพิ่มช่วงหมายเลขก่อน",
    en: "There are no number ranges for the operator {{operator}} yet. Please add its ranges first.",
  },
  "smsc.route_operator_in_use": {
    th: "มีเส้นทางที่ใช้ผู้ให้บริการ {{operator}} อยู่ กรุณาคงช่วงหมายเลขไว้อย่างน้อยหนึ่งช่วง หรือแก้ไขเส้นทางก่อน",
    en: "A route uses the operator {{operator}}. Please keep at least one of its ranges, or change that route first.",
  },
  "smsc.name_taken": {
    th: "มีการเชื่อมต่อชื่อ {{name}} อยู่แล้ว กรุณาใช้ชื่ออื่น",
    en: "A connection named {{name}} already exists. Please choose another name.",
  },
  "smsc.secret_key_missing": {
    th: "เซิร์ฟเวอร์ยังไม่ได้ตั้งค่า SMSC_SECRET_KEY จึงเก็บรหัสผ่าน SMPP ไม่ได้ กรุณาให้ผู้ดูแลระบบตั้งค่าก่อน",
    en: "The server has no SMSC_SECRET_KEY, so SMPP passwords cannot be stored. Please ask the operator to set it first.",
  },
  "smsc.env_managed": {
    th: "การเชื่อมต่อนี้ตั้งค่าจากตัวแปรสภาพแวดล้อม (SMS_GATEWAY, SMPP_*) แก้ไขได้เฉพาะการเปิดใช้และลำดับ",
    en: "This connection is set by the environment (SMS_GATEWAY, SMPP_*); only whether it is enabled and its order can be changed here.",
  },
} satisfies Catalog;
