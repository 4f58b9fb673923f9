import type { Locale } from "@sms/domain/routes";
import { type DocContent, DocPage, marketingMeta } from "~/features/marketing";
import type { Route } from "./+types/clients.supports.how-to";

export const meta: Route.MetaFunction = ({ location }) =>
  marketingMeta("clients.supports.how-to", location.pathname);

const CONTENT: Record<Locale, DocContent> = {
  th: {
    eyebrow: "ช่วยเหลือ",
    title: "วิธีสั่งซื้อแพ็กเกจ",
    lead: "ซื้อแพ็กเกจได้เองในระบบ ชำระเงินแล้วแนบหลักฐาน เครดิตเข้าบัญชีหลังทีมงานตรวจสอบ",
    updated: "1 ตุลาคม 2568",
    sections: [
      {
        id: "choose",
        heading: "เลือกแพ็กเกจ",
        blocks: ["เข้าสู่ระบบแล้วไปที่เมนู ซื้อแพ็กเกจ เลือกแพ็กเกจตามปริมาณที่ต้องการส่ง ยิ่งแพ็กเกจใหญ่ ราคาต่อ SMS ยิ่งถูก"],
      },
      {
        id: "cart",
        heading: "ตรวจสอบยอดชำระ",
        blocks: [
          "หน้าตะกร้าแสดงราคาแพ็กเกจ ภาษีมูลค่าเพิ่ม 7% และยอดที่ต้องชำระ",
          {
            list: [
              "ราคาแพ็กเกจยังไม่รวมภาษีมูลค่าเพิ่ม 7%",
              "ซื้อในนามนิติบุคคลแล้วระบบหักภาษี ณ ที่จ่าย 3% ของราคาก่อนภาษีมูลค่าเพิ่มให้ แนบหนังสือรับรองการหักภาษี ณ ที่จ่าย (50 ทวิ) ได้พร้อมคำสั่งซื้อ หรือภายหลังที่หน้าคำสั่งซื้อ",
              "กรอกชื่อและที่อยู่สำหรับออกใบกำกับภาษีให้ถูกต้อง",
            ],
          },
          { note: "ตัวอย่าง: แพ็กเกจ 2,000 บาท ภาษีมูลค่าเพิ่ม 140 บาท นิติบุคคลหัก ณ ที่จ่าย 60 บาท ชำระ 2,080 บาท" },
        ],
      },
      {
        id: "pay",
        heading: "ชำระเงินและแนบหลักฐาน",
        blocks: [
          {
            steps: [
              "โอนเงินตามยอดที่แสดงเข้าบัญชีของบริษัท หรือสแกน QR พร้อมเพย์",
              "แนบสลิปการโอนเป็นไฟล์รูปภาพหรือ PDF",
              "กดยืนยันคำสั่งซื้อ",
            ],
          },
        ],
      },
      {
        id: "approve",
        heading: "รับเครดิต",
        blocks: [
          "คำสั่งซื้อจะมีสถานะ “กำลังตรวจสอบ” จนทีมงานตรวจสอบการชำระเงิน โดยปกติภายใน 1 ชั่วโมงในเวลาทำการ เราส่งอีเมลยืนยันเมื่อได้รับคำสั่งซื้อ และอีกครั้งเมื่ออนุมัติ เครดิตจะเข้าบัญชีทันที และดาวน์โหลดใบเสร็จรับเงิน/ใบกำกับภาษีได้ที่หน้าคำสั่งซื้อ",
          "วันหมดอายุของเครดิตนับจากวันที่ซื้อ (วันที่ส่งคำสั่งซื้อพร้อมหลักฐานการชำระเงิน) ตามอายุแพ็กเกจ หากวันหมดอายุเดิมไกลกว่า ระบบจะใช้วันหมดอายุเดิม",
        ],
      },
      {
        id: "help",
        heading: "ต้องการความช่วยเหลือ",
        blocks: ["หากโอนเงินแล้วแต่คำสั่งซื้อยังไม่อนุมัติเกิน 1 วันทำการ หรือโอนยอดไม่ตรง กรุณาติดต่อทีมงานพร้อมเลขที่คำสั่งซื้อ"],
      },
    ],
  },
  en: {
    eyebrow: "Support",
    title: "How to buy a package",
    lead: "Buy a package yourself in the portal: pay, attach the proof, and the credits arrive once our team has checked it.",
    updated: "1 October 2025",
    sections: [
      {
        id: "choose",
        heading: "Choose a package",
        blocks: [
          "Sign in and open Buy packages. Pick the package that fits your volume: the bigger the package, the less each SMS costs.",
        ],
      },
      {
        id: "cart",
        heading: "Check the amount",
        blocks: [
          "The cart shows the package price, 7% VAT and the amount to pay.",
          {
            list: [
              "Package prices do not include 7% VAT.",
              "Buying as a company deducts 3% withholding tax from the pre-VAT price. Attach the withholding-tax certificate (50 Tawi) with the order, or later on your orders.",
              "Enter the name and address for the tax invoice carefully.",
            ],
          },
          {
            note: "Example: a 2,000 baht package plus 140 baht VAT, minus 60 baht withholding tax for a company, is 2,080 baht to pay.",
          },
        ],
      },
      {
        id: "pay",
        heading: "Pay and attach the proof",
        blocks: [
          {
            steps: [
              "Transfer the amount shown to the company bank account or scan the PromptPay QR.",
              "Attach the transfer slip as an image or PDF.",
              "Confirm the order.",
            ],
          },
        ],
      },
      {
        id: "approve",
        heading: "Receive your credits",
        blocks: [
          "The order shows “checking” until our team confirms the payment, usually within an hour during office hours. We e-mail you when the order is received and again when it is approved; the credits arrive at once, and the receipt / tax invoice is on your orders.",
          "Credits expire after the package's validity counted from the purchase date (when you submit the order with its proof of payment); if your current expiry is later, it stays.",
        ],
      },
      {
        id: "help",
        heading: "Need help?",
        blocks: [
          "If you paid but the order is still not approved after one working day, or you transferred a different amount, contact our team with the order number.",
        ],
      },
    ],
  },
};

export default function HowTo() {
  return <DocPage content={CONTENT} />;
}
