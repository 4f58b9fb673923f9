import type { Locale } from "@sms/domain/routes";
import type { FaqItem } from "../components/faq-list";

interface HomeContent {
  hero: {
    eyebrow: string;
    title: string;
    lead: string;
    points: string[];
    phone: { from: string; text: string }[];
  };
  services: { title: string; lead: string; items: [string, string, string] };
  features: { title: string; items: { title: string; text: string }[] };
  steps: { title: string; items: { title: string; text: string }[] };
  faq: FaqItem[];
}

export const HOME_CONTENT: Record<Locale, HomeContent> = {
  th: {
    hero: {
      eyebrow: "แพลตฟอร์มส่ง SMS สำหรับธุรกิจไทย",
      // U+200B marks where the headline may wrap; Thai has no spaces between words.
      title: "ส่ง SMS ถึงลูกค้า\u200bทุกเครือข่าย ทั่วไทย\u200bในไม่กี่คลิก",
      lead: "แจ้งโปรโมชัน ส่งรหัส OTP หรือเตือนนัดหมาย ด้วยชื่อแบรนด์ของคุณเอง ตั้งเวลาส่งล่วงหน้า และดูผลการส่งได้ทุกเบอร์ ไม่มีค่าแรกเข้า ไม่มีรายเดือน",
      points: ["ไม่มีค่าแรกเข้า", "ชื่อผู้ส่งเป็นแบรนด์คุณ", "รายงานสถานะทุกเบอร์", "ทีมงานคนไทยดูแล"],
      phone: [
        { from: "JaideeShop", text: "ลดทั้งร้าน 20% ถึง 31 ส.ค. นี้ แสดง SMS นี้ที่หน้าร้านได้เลย" },
        { from: "MyBank", text: "รหัส OTP ของคุณคือ 482913 (Ref: KX7P) ใช้ได้ภายใน 5 นาที ห้ามบอกรหัสนี้กับผู้อื่น" },
        { from: "SmileClinic", text: "เตือนนัด: คุณมีนัดทำฟันพรุ่งนี้ 10:30 น. หากเลื่อนนัดโทร 02-123-4567" },
      ],
    },
    services: {
      title: "บริการของเรา",
      lead: "เลือกรูปแบบการส่งที่เหมาะกับงานของคุณ ทุกบริการใช้เครดิตเดียวกันจากแพ็กเกจที่ซื้อ",
      items: [
        "ส่งโปรโมชัน ข่าวสาร และคูปองถึงลูกค้าเป็นหมื่นเบอร์ในครั้งเดียว แบ่งกลุ่มรายชื่อ ตั้งเวลา และส่งซ้ำตามรอบได้",
        "ส่งรหัสผ่านครั้งเดียว (OTP) สำหรับยืนยันตัวตน สมัครสมาชิก หรือยืนยันธุรกรรม ผ่าน API ที่เชื่อมต่อได้ในวันเดียว",
        "เข้าถึงลูกค้าในพื้นที่ที่คุณเลือก เหมาะกับการเปิดสาขาใหม่ งานอีเวนต์ หรือโปรโมชันเฉพาะทำเล",
      ],
    },
    features: {
      title: "ทำไมธุรกิจเลือก SMS Portal",
      items: [
        {
          title: "ชื่อผู้ส่งเป็นแบรนด์ของคุณ",
          text: "ขอชื่อผู้ส่ง (Sender ID) ได้เองในระบบ อนุมัติภายใน 1–3 วันทำการ ลูกค้าเห็นชื่อร้านแทนเบอร์แปลก ๆ",
        },
        { title: "ตั้งเวลาและส่งซ้ำอัตโนมัติ", text: "วางแผนแคมเปญล่วงหน้า หรือส่งซ้ำทุกสัปดาห์ทุกเดือนโดยไม่ต้องกดเอง" },
        { title: "นำเข้ารายชื่อจาก Excel หรือ CSV", text: "อัปโหลดไฟล์รายชื่อ ระบบตรวจเบอร์ที่ไม่ถูกต้องและเบอร์ซ้ำให้ก่อนส่ง" },
        { title: "รายงานละเอียดทุกเบอร์", text: "ดูว่าข้อความถึงเครื่องผู้รับหรือไม่ ส่งออกรายงานเป็นไฟล์ได้ทันที" },
        { title: "คืนเครดิตเมื่อส่งไม่สำเร็จ", text: "ข้อความที่ส่งไม่ถึงผู้รับ ขอคืนเครดิตได้ตั้งแต่ 24 ชั่วโมงถึง 30 วันหลังส่ง" },
        {
          title: "SMS API สำหรับนักพัฒนา",
          text: "เชื่อมต่อระบบของคุณด้วย REST API ที่ใช้รูปแบบเดียวกับผู้ให้บริการรายใหญ่ ย้ายมาได้โดยแก้เพียง URL",
        },
      ],
    },
    steps: {
      title: "เริ่มส่งได้ใน 3 ขั้นตอน",
      items: [
        { title: "สมัครและยืนยันตัวตน", text: "กรอกข้อมูล ยืนยันหมายเลขโทรศัพท์และอีเมลด้วยรหัส OTP รับเครดิตทดลองใช้ฟรีทันที" },
        { title: "เลือกแพ็กเกจ", text: "สั่งซื้อแพ็กเกจที่เหมาะกับปริมาณการส่ง ชำระเงินแล้วแนบหลักฐาน เครดิตเข้าหลังตรวจสอบ" },
        { title: "ส่งข้อความ", text: "พิมพ์ข้อความ เลือกกลุ่มผู้รับ แล้วกดส่งทันทีหรือตั้งเวลา ติดตามผลได้จากรายงาน" },
      ],
    },
    faq: [
      {
        q: "ค่าบริการคิดอย่างไร",
        a: [
          "คิดตามจำนวนเครดิตที่ใช้ 1 เครดิตเท่ากับ 1 SMS ข้อความภาษาอังกฤษยาวได้ 160 ตัวอักษรต่อ SMS ส่วนข้อความที่มีภาษาไทยยาวได้ 70 ตัวอักษรต่อ SMS",
        ],
      },
      {
        q: "ต้องมีชื่อผู้ส่งของตัวเองไหม",
        a: [
          "ไม่จำเป็น คุณเริ่มส่งด้วยชื่อผู้ส่งกลางของระบบได้ทันที และขอชื่อผู้ส่งที่เป็นแบรนด์ของคุณได้ในภายหลัง ใช้เวลาอนุมัติ 1–3 วันทำการ",
        ],
      },
      {
        q: "เครดิตมีอายุกี่วัน",
        a: [
          "เครดิตมีอายุตามแพ็กเกจที่ซื้อ เช่น 1, 3, 6 หรือ 12 เดือน เมื่อซื้อแพ็กเกจใหม่ วันหมดอายุจะนับจากวันที่ซื้อ แต่ถ้าวันหมดอายุเดิมไกลกว่าจะใช้วันเดิม",
        ],
      },
      { q: "ทดลองใช้ฟรีได้ไหม", a: ["ได้ สมาชิกใหม่รับเครดิตทดลองใช้ฟรีหนึ่งครั้งต่อองค์กร เพื่อทดลองส่งข้อความจริงก่อนตัดสินใจซื้อ"] },
    ],
  },
  en: {
    hero: {
      eyebrow: "The SMS platform for Thai businesses",
      title: "Reach customers on every Thai network in a few clicks",
      lead: "Announce promotions, send OTP codes or appointment reminders under your own brand name. Schedule sends ahead and see the result for every number. No set-up fee, no monthly fee.",
      points: [
        "No set-up fee",
        "Your brand as the sender",
        "Delivery report for every number",
        "Local support team",
      ],
      phone: [
        { from: "JaideeShop", text: "20% off everything until 31 Aug. Show this SMS at the counter." },
        {
          from: "MyBank",
          text: "Your OTP is 482913 (Ref: KX7P). Valid for 5 minutes. Never share this code.",
        },
        {
          from: "SmileClinic",
          text: "Reminder: dental appointment tomorrow at 10:30. To reschedule call 02-123-4567.",
        },
      ],
    },
    services: {
      title: "Our services",
      lead: "Pick the kind of sending that fits the job. Every service uses the same credits from the package you buy.",
      items: [
        "Send promotions, news and coupons to tens of thousands of customers at once. Group your contacts, schedule sends and repeat them automatically.",
        "Deliver one-time passwords for registration, sign-in and transaction checks through an API you can connect in a day.",
        "Reach people in the area you choose: a new branch opening, an event or an offer for one neighbourhood.",
      ],
    },
    features: {
      title: "Why businesses choose SMS Portal",
      items: [
        {
          title: "Your brand as the sender",
          text: "Request a sender name (Sender ID) in the portal, approved in 1–3 working days, so customers see your shop's name instead of a strange number.",
        },
        {
          title: "Scheduled and recurring sends",
          text: "Plan campaigns ahead, or repeat them every week or month without pressing a button.",
        },
        {
          title: "Import contacts from Excel or CSV",
          text: "Upload your list and we flag invalid and duplicate numbers before anything is sent.",
        },
        {
          title: "Reports for every number",
          text: "See whether each message reached the phone, and export the report in one click.",
        },
        {
          title: "Credits back for failed messages",
          text: "Claim credits back for undelivered messages from 24 hours up to 30 days after sending.",
        },
        {
          title: "SMS API for developers",
          text: "Connect your systems with a REST API shaped like the large providers', so switching is a change of URL.",
        },
      ],
    },
    steps: {
      title: "Start sending in three steps",
      items: [
        {
          title: "Register and verify",
          text: "Fill in the form and confirm your phone and e-mail with a one-time code. Free trial credits arrive at once.",
        },
        {
          title: "Choose a package",
          text: "Order the package that fits your volume, pay and attach the proof of payment. Credits arrive after we check it.",
        },
        {
          title: "Send",
          text: "Write the message, choose the recipients, then send now or schedule it. Follow the results in the reports.",
        },
      ],
    },
    faq: [
      {
        q: "How is the price calculated?",
        a: [
          "You pay in credits: one credit is one SMS. An English message fits 160 characters per SMS; a message with any Thai fits 70 characters per SMS.",
        ],
      },
      {
        q: "Do I need my own sender name?",
        a: [
          "No. You can start at once with the shared sender name and request your own brand name later; approval takes 1–3 working days.",
        ],
      },
      {
        q: "How long do credits last?",
        a: [
          "Credits last as long as the package you bought: 1, 3, 6 or 12 months. A new purchase counts the expiry from the purchase date, unless your current expiry is later.",
        ],
      },
      {
        q: "Can I try it for free?",
        a: [
          "Yes. New members get free trial credits once per organization to send real messages before buying.",
        ],
      },
    ],
  },
};
