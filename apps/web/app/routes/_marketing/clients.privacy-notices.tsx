import type { Locale } from "@sms/domain/routes";
import { type DocContent, DocPage, marketingMeta, SITE } from "~/features/marketing";
import type { Route } from "./+types/clients.privacy-notices";

export const meta: Route.MetaFunction = ({ location }) =>
  marketingMeta("clients.privacy-notices", location.pathname);

/** Privacy notice under the Thai Personal Data Protection Act B.E. 2562 (PDPA), sections 23 and 30–36. */
const CONTENT: Record<Locale, DocContent> = {
  th: {
    title: "ประกาศความเป็นส่วนตัว",
    lead: "บริษัท เอสเอ็มเอส พอร์ทัล จำกัด (“บริษัท”) ในฐานะผู้ควบคุมข้อมูลส่วนบุคคล ให้ความสำคัญกับข้อมูลส่วนบุคคลของคุณ ประกาศนี้อธิบายว่าเราเก็บ ใช้ และเปิดเผยข้อมูลอะไร เพื่ออะไร และคุณมีสิทธิอะไรบ้าง ตามพระราชบัญญัติคุ้มครองข้อมูลส่วนบุคคล พ.ศ. 2562",
    updated: "1 ตุลาคม 2568",
    sections: [
      {
        id: "data",
        heading: "ข้อมูลที่เราเก็บ",
        blocks: [
          {
            list: [
              "ข้อมูลบัญชี: ชื่อ นามสกุล อีเมล หมายเลขโทรศัพท์ รหัสผ่าน (เก็บแบบเข้ารหัสทางเดียว)",
              "ข้อมูลการซื้อและภาษี: ชื่อและที่อยู่สำหรับใบกำกับภาษี เลขประจำตัวผู้เสียภาษี หลักฐานการชำระเงิน",
              "เอกสารขอชื่อผู้ส่ง: หนังสือรับรองบริษัท ภ.พ.20 สำเนาบัตรประชาชน",
              "ข้อมูลการใช้งาน: ข้อความที่ส่ง เบอร์ผู้รับ สถานะการส่ง ประวัติการเข้าสู่ระบบ หมายเลข IP",
              "ข้อมูลที่คุณส่งผ่านแบบฟอร์มติดต่อเรา",
            ],
          },
        ],
      },
      {
        id: "purposes",
        heading: "วัตถุประสงค์และฐานทางกฎหมาย",
        blocks: [
          {
            list: [
              "ให้บริการตามสัญญา (มาตรา 24(3)): สร้างบัญชี ยืนยันตัวตน ส่งข้อความ ออกรายงาน และดูแลลูกค้า",
              "ปฏิบัติตามกฎหมาย (มาตรา 24(6)): ออกใบกำกับภาษี เก็บหลักฐานทางบัญชี ตรวจสอบชื่อผู้ส่งตามเงื่อนไขของ กสทช. และเครือข่าย",
              "ประโยชน์โดยชอบด้วยกฎหมาย (มาตรา 24(5)): ป้องกันการฉ้อโกงและการใช้บริการผิดกฎหมาย รักษาความปลอดภัยของระบบ ตอบคำถามที่คุณส่งมา",
              "ความยินยอม (มาตรา 19): ส่งข่าวสารและโปรโมชันของบริษัท และใช้คุกกี้เพื่อการวิเคราะห์หรือการตลาด ซึ่งคุณถอนความยินยอมได้ทุกเมื่อ",
            ],
          },
        ],
      },
      {
        id: "recipients",
        heading: "ข้อมูลของผู้รับข้อความ",
        blocks: [
          "สำหรับหมายเลขโทรศัพท์และรายชื่อที่ลูกค้านำเข้าเพื่อส่งข้อความ ลูกค้าเป็นผู้ควบคุมข้อมูล และบริษัทเป็นผู้ประมวลผลข้อมูลตามคำสั่งของลูกค้า ลูกค้ามีหน้าที่ได้รับความยินยอมจากผู้รับก่อนส่งข้อความโฆษณา",
        ],
      },
      {
        id: "sharing",
        heading: "การเปิดเผยข้อมูล",
        blocks: [
          "เราเปิดเผยข้อมูลเท่าที่จำเป็นให้ผู้ให้บริการเครือข่ายโทรศัพท์เคลื่อนที่เพื่อส่งข้อความ ผู้ให้บริการคลาวด์และอีเมลที่ทำสัญญาคุ้มครองข้อมูลกับเรา และหน่วยงานรัฐเมื่อกฎหมายกำหนด เราไม่ขายข้อมูลส่วนบุคคลของคุณ",
        ],
      },
      {
        id: "retention",
        heading: "ระยะเวลาเก็บรักษา",
        blocks: [
          {
            list: [
              "ข้อมูลบัญชี: ตลอดระยะเวลาที่ใช้บริการ และอีก 1 ปีหลังปิดบัญชี",
              "ข้อมูลการซื้อและเอกสารภาษี: 5 ปีตามกฎหมายบัญชีและภาษีอากร",
              "รายงานการส่งข้อความและบันทึกการเข้าใช้งาน: 90 วันตามพระราชบัญญัติว่าด้วยการกระทำความผิดเกี่ยวกับคอมพิวเตอร์ หรือนานกว่านั้นหากลูกค้าต้องใช้เพื่อตรวจสอบ ไม่เกิน 2 ปี",
              "ข้อความจากแบบฟอร์มติดต่อเรา: 2 ปีนับจากวันที่ได้รับ",
            ],
          },
          "เมื่อพ้นระยะเวลา เราจะลบหรือทำให้ข้อมูลไม่สามารถระบุตัวตนได้",
        ],
      },
      {
        id: "rights",
        heading: "สิทธิของเจ้าของข้อมูล",
        blocks: [
          "คุณมีสิทธิตามกฎหมาย ดังนี้",
          {
            list: [
              "ขอเข้าถึงและขอรับสำเนาข้อมูล",
              "ขอให้โอนย้ายข้อมูลในรูปแบบที่อ่านได้ด้วยเครื่อง",
              "คัดค้านการเก็บ ใช้ หรือเปิดเผยข้อมูล",
              "ขอให้ลบ ทำลาย หรือทำให้ข้อมูลไม่สามารถระบุตัวตนได้",
              "ขอให้ระงับการใช้ข้อมูล",
              "ขอให้แก้ไขข้อมูลให้ถูกต้องและเป็นปัจจุบัน",
              "ถอนความยินยอมได้ทุกเมื่อ โดยไม่กระทบการประมวลผลที่ทำไปก่อนหน้า",
              "ร้องเรียนต่อสำนักงานคณะกรรมการคุ้มครองข้อมูลส่วนบุคคล",
            ],
          },
          "เราจะตอบคำขอภายใน 30 วันนับจากวันที่ได้รับคำขอ",
        ],
      },
      {
        id: "security",
        heading: "การรักษาความปลอดภัย",
        blocks: [
          "เราเข้ารหัสข้อมูลระหว่างส่งผ่านเครือข่าย เก็บรหัสผ่านและ API Key แบบเข้ารหัสทางเดียว จำกัดสิทธิ์การเข้าถึงเฉพาะพนักงานที่จำเป็น และบันทึกการเข้าถึงระบบ",
        ],
      },
      {
        id: "contact",
        heading: "ติดต่อเจ้าหน้าที่คุ้มครองข้อมูลส่วนบุคคล",
        blocks: [
          `ส่งคำขอใช้สิทธิหรือคำถามได้ที่ อีเมล dpo@smsportal.co.th หรือ ${SITE.supportEmail} โทร ${SITE.phoneDisplay} หรือจดหมายถึง เจ้าหน้าที่คุ้มครองข้อมูลส่วนบุคคล บริษัท เอสเอ็มเอส พอร์ทัล จำกัด 99/9 อาคารสาทรธานี ชั้น 12 ถนนสาทรเหนือ แขวงสีลม เขตบางรัก กรุงเทพมหานคร 10500`,
        ],
      },
      {
        id: "changes",
        heading: "การเปลี่ยนแปลงประกาศนี้",
        blocks: ["หากมีการเปลี่ยนแปลงที่สำคัญ เราจะแจ้งผ่านอีเมลหรือในระบบก่อนมีผลใช้บังคับ"],
      },
    ],
  },
  en: {
    title: "Privacy notice",
    lead: "SMS Portal Co., Ltd. (“we”), as data controller, cares about your personal data. This notice explains what we collect, why, who we share it with and what your rights are under Thailand's Personal Data Protection Act B.E. 2562 (2019).",
    updated: "1 October 2025",
    sections: [
      {
        id: "data",
        heading: "Data we collect",
        blocks: [
          {
            list: [
              "Account data: first and last name, e-mail, phone number, password (stored as a one-way hash).",
              "Purchase and tax data: invoice name and address, tax ID, proof of payment.",
              "Sender name documents: company certificate, P.P.20, ID card copies.",
              "Usage data: messages sent, recipient numbers, delivery status, sign-in history, IP addresses.",
              "What you send us through the contact form.",
            ],
          },
        ],
      },
      {
        id: "purposes",
        heading: "Purposes and legal bases",
        blocks: [
          {
            list: [
              "Performing our contract (section 24(3)): creating your account, verifying you, sending messages, reports and customer care.",
              "Legal obligations (section 24(6)): tax invoices, accounting records, sender name checks required by the NBTC and the networks.",
              "Legitimate interests (section 24(5)): preventing fraud and unlawful use, keeping the system secure, answering your enquiries.",
              "Consent (section 19): our own news and offers, and analytics or marketing cookies. You may withdraw consent at any time.",
            ],
          },
        ],
      },
      {
        id: "recipients",
        heading: "Data about message recipients",
        blocks: [
          "For phone numbers and contacts that customers import to send messages, the customer is the data controller and we process the data on the customer's instructions. Customers must obtain recipients' consent before sending advertising.",
        ],
      },
      {
        id: "sharing",
        heading: "Sharing",
        blocks: [
          "We share only what is needed with mobile network operators to deliver messages, with cloud and e-mail providers bound by data protection agreements, and with authorities when the law requires. We never sell your personal data.",
        ],
      },
      {
        id: "retention",
        heading: "How long we keep data",
        blocks: [
          {
            list: [
              "Account data: while you use the service and 1 year after the account closes.",
              "Purchase and tax records: 5 years, as accounting and tax law requires.",
              "Message reports and access logs: 90 days under the Computer Crime Act, or longer when the customer needs them for audits, up to 2 years.",
              "Contact form messages: 2 years from receipt.",
            ],
          },
          "After that, the data is deleted or anonymised.",
        ],
      },
      {
        id: "rights",
        heading: "Your rights",
        blocks: [
          "You have the right to:",
          {
            list: [
              "access your data and get a copy;",
              "receive it in a machine-readable format and have it transferred;",
              "object to its collection, use or disclosure;",
              "have it deleted, destroyed or anonymised;",
              "restrict its use;",
              "have it corrected and kept up to date;",
              "withdraw consent at any time, without affecting processing done before;",
              "complain to the Personal Data Protection Committee Office.",
            ],
          },
          "We answer requests within 30 days of receiving them.",
        ],
      },
      {
        id: "security",
        heading: "Security",
        blocks: [
          "We encrypt data in transit, store passwords and API keys as one-way hashes, restrict access to the staff who need it and log access to our systems.",
        ],
      },
      {
        id: "contact",
        heading: "Contact our data protection officer",
        blocks: [
          `Send requests or questions to dpo@smsportal.co.th or ${SITE.supportEmail}, call ${SITE.phoneDisplay}, or write to the Data Protection Officer, SMS Portal Co., Ltd., 99/9 Sathorn Thani Building, 12th floor, North Sathorn Road, Silom, Bang Rak, Bangkok 10500.`,
        ],
      },
      {
        id: "changes",
        heading: "Changes to this notice",
        blocks: [
          "If we make important changes, we will tell you by e-mail or in the portal before they take effect.",
        ],
      },
    ],
  },
};

export default function PrivacyNotice() {
  return <DocPage content={CONTENT} />;
}
