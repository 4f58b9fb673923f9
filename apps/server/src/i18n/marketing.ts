import type { Catalog } from "./catalog.ts";

/** Server texts of the marketing module: form validation and the e-mail to the support team. */
export const marketing = {
  "marketing.mail.subject": {
    th: "[ติดต่อเรา] {{topic}} จาก {{name}}",
    en: "[Contact us] {{topic}} from {{name}}",
  },
  "marketing.mail.intro": {
    th: "มีข้อความใหม่จากแบบฟอร์มติดต่อเราบนเว็บไซต์",
    en: "A new message arrived from the website contact form.",
  },
  "marketing.mail.name": { th: "ชื่อ", en: "Name" },
  "marketing.mail.email": { th: "อีเมล", en: "E-mail" },
  "marketing.mail.phone": { th: "โทรศัพท์", en: "Phone" },
  "marketing.mail.company": { th: "บริษัท", en: "Company" },
  "marketing.mail.topic": { th: "หัวข้อ", en: "Topic" },
  "marketing.mail.language": { th: "ภาษาที่ใช้", en: "Language" },
  "marketing.mail.message": { th: "ข้อความ", en: "Message" },
  "marketing.mail.reference": { th: "เลขอ้างอิง", en: "Reference" },
  "marketing.topic.sales": { th: "สอบถามราคาและแพ็กเกจ", en: "Prices and packages" },
  "marketing.topic.support": { th: "ปัญหาการใช้งาน", en: "Technical support" },
  "marketing.topic.sender": { th: "ชื่อผู้ส่ง (Sender ID)", en: "Sender names (Sender ID)" },
  "marketing.topic.billing": { th: "การชำระเงินและใบกำกับภาษี", en: "Payments and tax invoices" },
  "marketing.topic.other": { th: "เรื่องอื่น ๆ", en: "Something else" },
} satisfies Catalog;
