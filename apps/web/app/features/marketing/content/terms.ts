import type { Locale } from "@sms/domain/routes";
import type { DocContent } from "../components/page";

/**
 * The 13 sections of the terms of service summarised in spec §9: the public page
 * (/clients/term-and-conditions) and the app's terms page show this one text.
 */
export const TERMS_CONTENT: Record<Locale, DocContent> = {
  th: {
    title: "ข้อกำหนดและเงื่อนไขการใช้บริการ",
    lead: "ข้อกำหนดนี้ใช้ระหว่างบริษัท เอสเอ็มเอส พอร์ทัล จำกัด (“บริษัท”) กับผู้ใช้บริการ SMS Portal (“ผู้ใช้บริการ”) การสมัครและใช้บริการถือว่าผู้ใช้บริการได้อ่านและยอมรับข้อกำหนดนี้แล้ว",
    updated: "1 ตุลาคม 2568",
    sections: [
      {
        id: "credit-counting",
        heading: "การนับเครดิต",
        blocks: [
          "เครดิต 1 หน่วยใช้ส่ง SMS 1 ข้อความถึงผู้รับ 1 หมายเลข โดยนับ 160 ตัวอักษรต่อข้อความสำหรับภาษาอังกฤษ และ 70 ตัวอักษรต่อข้อความสำหรับภาษาไทย",
          "ข้อความที่มีทั้งภาษาไทยและภาษาอังกฤษปนกันจะนับแบบภาษาไทย ข้อความที่ยาวเกินจะถูกแบ่งเป็นหลายข้อความ และเศษของข้อความจะปัดขึ้นเป็นอีก 1 ข้อความเสมอ",
        ],
      },
      {
        id: "purchase-expiry",
        heading: "การซื้อแพ็กเกจและวันหมดอายุ",
        blocks: [
          "เมื่อซื้อแพ็กเกจ วันหมดอายุของเครดิตทั้งหมดในบัญชีจะคำนวณใหม่นับจากวันที่ซื้อตามอายุของแพ็กเกจนั้น เว้นแต่วันหมดอายุที่คำนวณใหม่จะเร็วกว่าวันหมดอายุเดิม บริษัทจะคงวันหมดอายุเดิมไว้",
        ],
      },
      {
        id: "credit-lifetime",
        heading: "อายุของเครดิต",
        blocks: [
          "เครดิตมีอายุตามที่กำหนดในแต่ละแพ็กเกจ เครดิตที่เหลือเมื่อครบกำหนดจะหมดอายุและไม่สามารถนำมาใช้หรือขอคืนเป็นเงินได้",
        ],
      },
      {
        id: "no-transfer",
        heading: "การโอนเครดิตและบัญชีย่อย",
        blocks: [
          "ผู้ใช้บริการไม่สามารถโอนเครดิตระหว่างบัญชีได้ ยกเว้นบัญชีหลักที่เพิ่มหรือลดเครดิตให้บัญชีย่อยของตนเอง",
          "บัญชีหลักสร้าง ระงับ หรือยกเลิกบัญชีย่อยได้ บัญชีย่อยซื้อแพ็กเกจเองไม่ได้ และวันหมดอายุของบัญชีย่อยเป็นไปตามบัญชีหลัก",
        ],
      },
      {
        id: "refunds",
        heading: "การคืนเงินและคืนเครดิต",
        blocks: [
          "บริษัทไม่คืนเงินค่าแพ็กเกจ เว้นแต่ความเสียหายเกิดจากความผิดพลาดของบริษัท",
          "เครดิตของข้อความที่ส่งไม่ถึงผู้รับ ขอคืนเป็นเครดิตได้ครั้งเดียวต่อแคมเปญ หลังส่งครบ 24 ชั่วโมงและภายใน 30 วันนับจากวันที่ส่ง",
        ],
      },
      {
        id: "closure",
        heading: "การปิดบัญชีที่ไม่มีการใช้งาน",
        blocks: ["บริษัทอาจปิดบัญชีที่มีเครดิตคงเหลือเป็นศูนย์และไม่มีการซื้อแพ็กเกจเกินกว่า 30 วัน โดยผู้ใช้บริการสมัครใหม่ได้ทุกเมื่อ"],
      },
      {
        id: "suspension",
        heading: "การระงับบัญชีชั่วคราว",
        blocks: [
          "หากมีเหตุอันควรสงสัยว่าบัญชีถูกใช้ผิดกฎหมายหรือผิดข้อกำหนดนี้ เช่น ส่งข้อความหลอกลวง ส่งโดยไม่ได้รับความยินยอม หรือแอบอ้างชื่อผู้อื่น บริษัทอาจระงับบัญชีชั่วคราวไม่เกิน 15 วันเพื่อตรวจสอบ",
        ],
      },
      {
        id: "service-end",
        heading: "การยุติการให้บริการ",
        blocks: ["หากบริษัทจะยุติการให้บริการ บริษัทจะแจ้งผู้ใช้บริการล่วงหน้าไม่น้อยกว่า 3 เดือน"],
      },
      {
        id: "lockout",
        heading: "ความปลอดภัยของรหัสผ่าน",
        blocks: [
          "บัญชีจะถูกล็อกเมื่อกรอกรหัสผ่านผิดเกิน 10 ครั้งภายใน 1 วัน ผู้ใช้บริการปลดล็อกได้โดยติดต่อบริษัททางโทรศัพท์หรือตั้งรหัสผ่านใหม่ด้วยรหัส OTP ผู้ใช้บริการต้องเก็บรักษารหัสผ่านและ API Key เป็นความลับ",
        ],
      },
      {
        id: "single-session",
        heading: "การเข้าสู่ระบบพร้อมกัน",
        blocks: ["บัญชีหนึ่งใช้งานได้ครั้งละหนึ่งเซสชัน การเข้าสู่ระบบจากอุปกรณ์ใหม่จะทำให้เซสชันเดิมสิ้นสุดลง"],
      },
      {
        id: "debt-collection",
        heading: "ข้อความทวงถามหนี้",
        blocks: [
          "ห้ามส่งข้อความทวงถามหนี้ในวันจันทร์ถึงวันศุกร์ เวลา 20:00–08:00 น. และในวันหยุดราชการ เวลา 18:00–08:00 น. ตามกฎหมายว่าด้วยการทวงถามหนี้ ระบบจะไม่ส่งแคมเปญประเภทนี้ในช่วงเวลาดังกล่าว",
        ],
      },
      {
        id: "advertising-hours",
        heading: "ช่วงเวลาส่งโฆษณา",
        blocks: [
          "ไม่ควรส่งข้อความโฆษณาระหว่างเวลา 00:00–06:00 น. และต้องส่งถึงผู้ที่ยินยอมรับข่าวสารเท่านั้น ผู้รับสามารถยกเลิกการรับ SMS โฆษณาได้ฟรีโดยกด *137",
        ],
      },
      {
        id: "sender-names",
        heading: "ชื่อผู้ส่ง",
        blocks: ["ชื่อผู้ส่งต้องเป็นชื่อที่ผู้ใช้บริการมีสิทธิ์ใช้ และผ่านการอนุมัติก่อนใช้งาน ชื่อผู้ส่งที่ไม่มีการใช้งานเกิน 1 ปีอาจถูกยกเลิก"],
      },
    ],
  },
  en: {
    title: "Terms and conditions",
    lead: "These terms apply between SMS Portal Co., Ltd. (“the Company”) and users of SMS Portal (“you”). By signing up and using the service you confirm that you have read and accept them.",
    updated: "1 October 2025",
    sections: [
      {
        id: "credit-counting",
        heading: "How credits are counted",
        blocks: [
          "One credit sends one SMS to one number: up to 160 characters per message in English and 70 characters per message in Thai.",
          "A message mixing Thai and English counts as Thai. Longer messages are split into several messages, and any remainder always rounds up to one more message.",
        ],
      },
      {
        id: "purchase-expiry",
        heading: "Buying packages and expiry",
        blocks: [
          "When you buy a package, the expiry of all credits in the account is recalculated from the purchase date for the length of that package. If the recalculated expiry would be earlier than the current one, the current expiry is kept.",
        ],
      },
      {
        id: "credit-lifetime",
        heading: "Credit lifetime",
        blocks: [
          "Credits last as long as each package states. Credits left at expiry lapse and can be neither used nor refunded.",
        ],
      },
      {
        id: "no-transfer",
        heading: "Transfers and sub-accounts",
        blocks: [
          "Credits cannot be transferred between accounts, except that a main account may add or remove credits on its own sub-accounts.",
          "A main account may create, suspend or cancel sub-accounts. Sub-accounts cannot buy packages, and their expiry follows the main account.",
        ],
      },
      {
        id: "refunds",
        heading: "Refunds",
        blocks: [
          "Package payments are not refunded unless the loss results from the Company's error.",
          "Credits for undelivered messages may be returned as credits once per campaign, from 24 hours up to 30 days after sending.",
        ],
      },
      {
        id: "closure",
        heading: "Closing inactive accounts",
        blocks: [
          "The Company may close an account that has zero credits and has not bought a package for more than 30 days. You may register again at any time.",
        ],
      },
      {
        id: "suspension",
        heading: "Temporary suspension",
        blocks: [
          "Where misuse is reasonably suspected, such as fraudulent messages, sending without consent or impersonation, the Company may suspend the account for up to 15 days to investigate.",
        ],
      },
      {
        id: "service-end",
        heading: "Ending the service",
        blocks: ["The Company will give at least 3 months' notice before it stops providing the service."],
      },
      {
        id: "lockout",
        heading: "Password security",
        blocks: [
          "An account is locked after more than 10 wrong passwords within one day. You can unlock it by calling the Company or by setting a new password with a one-time code. Keep your password and API keys secret.",
        ],
      },
      {
        id: "single-session",
        heading: "One session at a time",
        blocks: [
          "Each account may have one session at a time; signing in on a new device ends the previous session.",
        ],
      },
      {
        id: "debt-collection",
        heading: "Debt-collection messages",
        blocks: [
          "Debt-collection messages must not be sent Monday to Friday between 20:00 and 08:00, or on public holidays between 18:00 and 08:00, as the debt-collection law requires. The system holds such campaigns during those hours.",
        ],
      },
      {
        id: "advertising-hours",
        heading: "Advertising hours",
        blocks: [
          "Advertising should not be sent between 00:00 and 06:00, and only to people who agreed to receive it. Recipients can stop advertising SMS for free by dialling *137.",
        ],
      },
      {
        id: "sender-names",
        heading: "Sender names",
        blocks: [
          "You must have the right to use a sender name, and it must be approved before use. Sender names unused for more than 1 year may be cancelled.",
        ],
      },
    ],
  },
};
