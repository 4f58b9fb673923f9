import type { Locale } from "@sms/domain/routes";
import { type DocContent, DocPage, marketingMeta } from "~/features/marketing";
import type { Route } from "./+types/clients.supports.manual";

export const meta: Route.MetaFunction = ({ location }) =>
  marketingMeta("clients.supports.manual", location.pathname);

const CONTENT: Record<Locale, DocContent> = {
  th: {
    eyebrow: "ช่วยเหลือ",
    title: "คู่มือการใช้งาน",
    lead: "ทุกขั้นตอนตั้งแต่สมัครสมาชิกจนส่งแคมเปญแรก อ่านตามลำดับหรือเลือกหัวข้อที่ต้องการ",
    updated: "1 ตุลาคม 2568",
    sections: [
      {
        id: "register",
        heading: "สมัครสมาชิกและยืนยันตัวตน",
        blocks: [
          {
            steps: [
              "กด “สมัครสมาชิก” แล้วกรอกชื่อ นามสกุล อีเมล หมายเลขโทรศัพท์มือถือ และรหัสผ่าน (6–20 ตัว ใช้ตัวอักษรภาษาอังกฤษหรือตัวเลข)",
              "กรอกรหัส OTP ที่ส่งไปยังหมายเลขโทรศัพท์",
              "กรอกรหัส OTP ที่ส่งไปยังอีเมล",
              "อ่านและยอมรับข้อกำหนดการใช้บริการ แล้วเริ่มใช้งานได้ทันที",
            ],
          },
          { note: "สมาชิกใหม่รับเครดิตทดลองใช้ฟรีหนึ่งครั้งต่อองค์กร ใช้ทดลองส่งถึงเบอร์ของคุณเองได้" },
        ],
      },
      {
        id: "sender",
        heading: "ขอชื่อผู้ส่ง (Sender ID)",
        blocks: [
          "ไปที่เมนู ชื่อผู้ส่ง > ขอชื่อผู้ส่ง แล้วกรอกชื่อที่ต้องการ ประเภทการใช้งาน (การตลาดหรือ OTP) ประเภทบัญชี (บุคคลธรรมดาหรือนิติบุคคล) และตัวอย่างข้อความ",
          {
            list: [
              "ชื่อยาวไม่เกิน 10 ตัวอักษร ใช้ตัวอักษรภาษาอังกฤษ ตัวเลข และ . - _ ได้เท่านั้น",
              "แนบเอกสารประกอบเป็นไฟล์ PDF, PNG หรือ JPG ไม่เกินไฟล์ละ 5 MB",
              "ติดตามสถานะได้ในหน้ารายการชื่อผู้ส่ง: รออนุมัติ อนุมัติ หรือถูกระงับ",
            ],
          },
        ],
      },
      {
        id: "contacts",
        heading: "จัดการกลุ่มรายชื่อ",
        blocks: [
          "สร้างกลุ่มรายชื่อ เช่น “ลูกค้าสมาชิก” แล้วเพิ่มรายชื่อทีละคนหรือนำเข้าจากไฟล์ CSV หรือ Excel (XLSX)",
          {
            list: [
              "ไฟล์ควรมีคอลัมน์ ชื่อ นามสกุล และหมายเลขโทรศัพท์",
              "ระบบตรวจเบอร์ที่ไม่ถูกต้องและเบอร์ซ้ำ ให้คุณยืนยันก่อนนำเข้า",
              "ควรนำเข้าเฉพาะผู้ที่ยินยอมรับข่าวสารจากคุณ ตาม พ.ร.บ.คุ้มครองข้อมูลส่วนบุคคล",
            ],
          },
        ],
      },
      {
        id: "templates",
        heading: "สร้างเทมเพลตข้อความ",
        blocks: [
          "บันทึกข้อความที่ใช้บ่อยเป็นเทมเพลต และแทรกแท็ก ชื่อ นามสกุล หรือหมายเลขโทรศัพท์ เพื่อให้ระบบเติมข้อมูลของผู้รับแต่ละคนให้อัตโนมัติ เปิดหรือปิดการใช้งานเทมเพลตได้ตลอดเวลา",
        ],
      },
      {
        id: "send",
        heading: "ส่งข้อความ",
        blocks: [
          {
            list: [
              "ส่งทันที: ส่งถึงเบอร์เดียวอย่างรวดเร็ว เหมาะกับการทดสอบ",
              "ส่งแคมเปญ: เลือกกลุ่มรายชื่อหรือกรอกเบอร์เอง (คั่นด้วยจุลภาค อัฒภาค หรือขึ้นบรรทัดใหม่ สูงสุด 1,000 เบอร์) ตั้งเวลาหรือส่งซ้ำตามรอบได้",
              "ส่งจากไฟล์: อัปโหลดไฟล์ที่มีเบอร์และข้อความของแต่ละคน",
            ],
          },
          "ก่อนส่งทุกครั้ง ระบบแสดงจำนวนผู้รับ จำนวน SMS ต่อข้อความ และเครดิตที่ต้องใช้ ให้ตรวจสอบก่อนยืนยัน",
        ],
      },
      {
        id: "reports",
        heading: "อ่านรายงาน",
        blocks: [
          "ดูรายงานแคมเปญ ข้อความ SMS API OTP เครดิต และการคืนเครดิตได้ในเมนูรายงาน ค้นหาตามช่วงวันที่หรือหมายเลขโทรศัพท์ และส่งออกเป็นไฟล์ได้",
          {
            list: [
              "รอส่ง (สีเหลือง): ข้อความอยู่ในคิว",
              "ส่งแล้ว (สีน้ำเงิน): ระบบส่งออกไปแล้ว รอรายงานผลจากเครือข่าย",
              "ถึงผู้รับ (สีเขียว): ข้อความถึงเครื่องผู้รับแล้ว",
            ],
          },
        ],
      },
      {
        id: "refund",
        heading: "ขอคืนเครดิต",
        blocks: [
          "เปิดรายละเอียดแคมเปญแล้วกด “ขอคืนเครดิต” สำหรับข้อความที่ส่งไม่สำเร็จ ทำได้ครั้งเดียวต่อแคมเปญ หลังส่งครบ 24 ชั่วโมงและไม่เกิน 30 วัน",
        ],
      },
      {
        id: "settings",
        heading: "ตั้งค่าการแจ้งเตือน",
        blocks: ["ตั้งให้ระบบแจ้งเตือนเมื่อเครดิตเหลือน้อยกว่าจำนวนที่กำหนด และแจ้งล่วงหน้าก่อนเครดิตหมดอายุตามจำนวนวันที่เลือก"],
      },
    ],
  },
  en: {
    eyebrow: "Support",
    title: "User manual",
    lead: "Every step from signing up to your first campaign. Read it in order or jump to a topic.",
    updated: "1 October 2025",
    sections: [
      {
        id: "register",
        heading: "Register and verify",
        blocks: [
          {
            steps: [
              "Choose “Register” and enter your first and last name, e-mail, mobile phone number and a password (6–20 English letters or digits).",
              "Enter the one-time code sent to your phone.",
              "Enter the one-time code sent to your e-mail.",
              "Read and accept the terms of service, and you are ready to go.",
            ],
          },
          {
            note: "New members get free trial credits once per organization to test sending to their own phone.",
          },
        ],
      },
      {
        id: "sender",
        heading: "Request a sender name (Sender ID)",
        blocks: [
          "Go to Senders > Request a sender name, then enter the name, its use (marketing or OTP), the account type (individual or company) and a sample message.",
          {
            list: [
              "Up to 10 characters: English letters, digits and . - _ only.",
              "Attach the supporting documents as PDF, PNG or JPG, up to 5 MB each.",
              "Follow the status in the sender list: pending, approved or blocked.",
            ],
          },
        ],
      },
      {
        id: "contacts",
        heading: "Manage contacts",
        blocks: [
          "Create a contact group such as “Members”, then add people one by one or import a CSV or Excel (XLSX) file.",
          {
            list: [
              "The file should have first name, last name and phone number columns.",
              "Invalid and duplicate numbers are flagged for you to confirm before import.",
              "Import only people who agreed to hear from you, as the Personal Data Protection Act requires.",
            ],
          },
        ],
      },
      {
        id: "templates",
        heading: "Create message templates",
        blocks: [
          "Save messages you use often as templates and insert the first name, last name or phone number tags so each recipient's details are filled in automatically. Switch templates on or off at any time.",
        ],
      },
      {
        id: "send",
        heading: "Send messages",
        blocks: [
          {
            list: [
              "Instant: a quick send to one number, handy for testing.",
              "Campaign: choose contact groups or type numbers (separated by commas, semicolons or new lines, up to 1,000), then send now, schedule or repeat.",
              "From a file: upload a file with each person's number and message.",
            ],
          },
          "Before every send you see the number of recipients, SMS per message and credits needed, so you can check before confirming.",
        ],
      },
      {
        id: "reports",
        heading: "Read reports",
        blocks: [
          "Campaign, message, SMS API, OTP, credit and refund reports are under Reports. Search by date range or phone number and export them.",
          {
            list: [
              "Queued (yellow): waiting to be sent.",
              "Sent (blue): handed to the network.",
              "Delivered (green): the message reached the phone.",
            ],
          },
        ],
      },
      {
        id: "refund",
        heading: "Claim credits back",
        blocks: [
          "Open a campaign's details and choose “Claim refund” for undelivered messages: once per campaign, from 24 hours up to 30 days after sending.",
        ],
      },
      {
        id: "settings",
        heading: "Alerts",
        blocks: [
          "Get an alert when your credits fall below a threshold you choose, and a reminder a number of days before your credits expire.",
        ],
      },
    ],
  },
};

export default function Manual() {
  return <DocPage content={CONTENT} />;
}
