import { useTranslation } from "react-i18next";
import { container, marketingMeta, PageHeader, prose, SmsCalculator } from "~/features/marketing";
import { useLocale } from "~/lib/locale";
import type { Route } from "./+types/clients.supports.way-cal-credit";

export const meta: Route.MetaFunction = ({ location }) =>
  marketingMeta("clients.supports.way-cal-credit", location.pathname);

const CONTENT = {
  th: {
    eyebrow: "ช่วยเหลือ",
    title: "วิธีคำนวณเครดิต SMS",
    lead: "1 เครดิตคือ SMS 1 ข้อความถึงผู้รับ 1 เบอร์ จำนวนเครดิตที่ใช้ขึ้นกับความยาวข้อความและชนิดของตัวอักษร",
    rulesTitle: "หลักการนับ",
    rules: [
      "ข้อความที่ใช้ตัวอักษรภาษาอังกฤษ ตัวเลข และเครื่องหมายพื้นฐานล้วน ยาวได้ 160 ตัวอักษรต่อ 1 SMS",
      "ถ้ามีตัวอักษรภาษาไทย อีโมจิ หรืออักขระพิเศษแม้เพียงตัวเดียว ทั้งข้อความจะนับแบบภาษาไทย ยาวได้ 70 ตัวอักษรต่อ 1 SMS",
      "ข้อความที่ยาวเกิน 1 SMS จะถูกแบ่งส่งหลายส่วนและต่อกันที่เครื่องผู้รับ แต่ละส่วนต้องเก็บข้อมูลการต่อข้อความไว้ จึงเหลือ 154 ตัวอักษร (อังกฤษ) หรือ 67 ตัวอักษร (ไทย) ต่อส่วน",
      "เศษของข้อความปัดขึ้นเป็นอีก 1 SMS เสมอ",
      "เครดิตที่ใช้ = จำนวน SMS ต่อข้อความ × จำนวนผู้รับ",
    ],
    tableTitle: "ตารางความยาวข้อความ",
    table: {
      head: ["จำนวน SMS", "ภาษาอังกฤษล้วน", "มีภาษาไทยหรืออักขระพิเศษ"],
      rows: [
        ["1", "1–160 ตัวอักษร", "1–70 ตัวอักษร"],
        ["2", "161–308 ตัวอักษร", "71–134 ตัวอักษร"],
        ["3", "309–462 ตัวอักษร", "135–201 ตัวอักษร"],
        ["4", "463–616 ตัวอักษร", "202–268 ตัวอักษร"],
      ],
    },
    tipsTitle: "เคล็ดลับประหยัดเครดิต",
    tips: [
      "ระวังเครื่องหมายที่ดูเหมือนภาษาอังกฤษ เช่น อัญประกาศโค้ง (“ ”) ขีดยาว (–) หรือช่องว่างพิเศษที่ติดมาจากการคัดลอก เพราะจะทำให้ทั้งข้อความคิดอัตราภาษาไทย",
      "ใช้ลิงก์สั้นแทนลิงก์ยาว",
      "ทดลองวางข้อความในเครื่องคำนวณด้านบนก่อนส่งทุกครั้ง ระบบจะบอกตำแหน่งของอักขระที่ทำให้คิดอัตราภาษาไทย",
    ],
  },
  en: {
    eyebrow: "Support",
    title: "How SMS credits are calculated",
    lead: "One credit is one SMS to one number. How many credits a message uses depends on its length and on the characters in it.",
    rulesTitle: "The rules",
    rules: [
      "A message with only English letters, digits and basic punctuation fits 160 characters in one SMS.",
      "A single Thai letter, emoji or special character makes the whole message count as Thai: 70 characters per SMS.",
      "Longer messages are split into parts that the phone joins again. Each part carries joining information, so it holds 154 characters in English or 67 in Thai.",
      "Any remainder always rounds up to another SMS.",
      "Credits used = SMS per message × number of recipients.",
    ],
    tableTitle: "Message length table",
    table: {
      head: ["SMS", "English only", "With Thai or special characters"],
      rows: [
        ["1", "1–160 characters", "1–70 characters"],
        ["2", "161–308 characters", "71–134 characters"],
        ["3", "309–462 characters", "135–201 characters"],
        ["4", "463–616 characters", "202–268 characters"],
      ],
    },
    tipsTitle: "Tips to save credits",
    tips: [
      "Watch out for characters that look English but are not, such as curly quotes (“ ”), long dashes (–) or special spaces pasted from documents: they switch the whole message to the Thai rate.",
      "Use short links instead of long ones.",
      "Paste your message into the calculator above before sending. It points at the character that triggered the Thai rate.",
    ],
  },
};

export default function WayCalCredit() {
  const { t } = useTranslation("marketing");
  const locale = useLocale();
  const c = CONTENT[locale];
  return (
    <>
      <PageHeader eyebrow={c.eyebrow} title={c.title} lead={c.lead} />
      <div className={`${container} py-10`}>
        <SmsCalculator />
        <div className={`${prose} mt-4`}>
          <h2>{c.rulesTitle}</h2>
          <ul>
            {c.rules.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
          <h2>{c.tableTitle}</h2>
        </div>
        <div className="mt-4 max-w-3xl overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm">
            <thead>
              <tr className="bg-gray-100">
                {c.table.head.map((h) => (
                  <th key={h} scope="col" className="border border-gray-200 px-3 py-2 font-semibold">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {c.table.rows.map(([parts, en, th]) => (
                <tr key={parts}>
                  <th scope="row" className="border border-gray-200 px-3 py-2 font-semibold">
                    {parts}
                  </th>
                  <td className="border border-gray-200 px-3 py-2">{en}</td>
                  <td className="border border-gray-200 px-3 py-2">{th}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className={prose}>
          <h2>{c.tipsTitle}</h2>
          <ul>
            {c.tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
          <p>
            <a href={locale === "en" ? "/en/clients/packages" : "/clients/packages"}>
              {t("cta.seePackages")}
            </a>
          </p>
        </div>
      </div>
    </>
  );
}
