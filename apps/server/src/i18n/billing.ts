import type { Catalog } from "./catalog.ts";

/** Credits, orders, organizations and the back office (issue 10). */
export const billing: Catalog = {
  "credits.insufficient": {
    th: "เครดิตไม่เพียงพอ",
    en: "Not enough credits.",
  },
  "organizations.suspended": {
    th: "องค์กรนี้ถูกระงับการใช้งานชั่วคราวจนถึง {{until}}: {{reason}}",
    en: "This organization is suspended until {{until}}: {{reason}}",
  },
  "ledger.opening_balance": { th: "ยอดยกมา", en: "Opening balance" },
  "ledger.expired": { th: "เครดิตหมดอายุ", en: "Credits expired" },
  "ledger.order_approved": { th: "ซื้อแพ็กเกจ", en: "Package bought" },
  "ledger.free_trial": { th: "ทดลองใช้ฟรี", en: "Free trial" },
};
