import { useTranslation } from "react-i18next";
import {
  Check,
  container,
  type FaqItem,
  FaqList,
  FreeTrialBand,
  formatPerSms,
  hrefOf,
  lowestPricePerSmsSatang,
  marketingMeta,
  PackageCards,
  PageHeader,
} from "~/features/marketing";
import { buildTimeCatalogue } from "~/features/marketing/index.server";
import { useLocale } from "~/lib/locale";
import type { Route } from "./+types/clients.packages";

export const meta: Route.MetaFunction = ({ location }) =>
  marketingMeta("clients.packages", location.pathname);

/** Build time: the catalogue as the packages API answers it; the page refreshes it from the API. */
export function loader() {
  return { packages: buildTimeCatalogue() };
}

const CONTENT = {
  th: {
    includes: [
      "ชื่อผู้ส่ง (Sender ID) ของแบรนด์คุณ อนุมัติภายใน 1–3 วันทำการ",
      "ส่งทันที ตั้งเวลา และส่งซ้ำตามรอบ",
      "นำเข้ารายชื่อจาก Excel หรือ CSV",
      "รายงานสถานะการส่งรายเบอร์",
      "SMS API และ OTP API สำหรับนักพัฒนา",
      "คืนเครดิตข้อความที่ส่งไม่สำเร็จตามเงื่อนไข",
    ],
    calcLink: "ไม่แน่ใจว่าต้องใช้กี่เครดิต? ลองใช้เครื่องคำนวณเครดิต",
    faq: [
      {
        q: "ซื้อแพ็กเกจใหม่แล้ว เครดิตเดิมจะหายไหม",
        a: [
          "ไม่หาย เครดิตใหม่จะรวมกับเครดิตเดิม และวันหมดอายุจะนับจากวันที่ซื้อแพ็กเกจใหม่ตามอายุของแพ็กเกจนั้น แต่ถ้าวันหมดอายุเดิมไกลกว่า ระบบจะใช้วันหมดอายุเดิม",
        ],
      },
      {
        q: "ต้องการใบกำกับภาษีต้องทำอย่างไร",
        a: [
          "กรอกข้อมูลผู้เสียภาษีตอนสั่งซื้อ เราจะออกใบกำกับภาษีเต็มรูปแบบให้หลังตรวจสอบการชำระเงิน นิติบุคคลที่หักภาษี ณ ที่จ่าย 3% กรุณาแนบหนังสือรับรองการหักภาษีมาด้วย",
        ],
      },
      { q: "ต้องการส่งมากกว่าแพ็กเกจที่มี", a: ["ติดต่อฝ่ายขายเพื่อขอราคาพิเศษสำหรับปริมาณการส่งสูงหรือสัญญารายปี"] },
    ] satisfies FaqItem[],
  },
  en: {
    includes: [
      "Your brand as the sender name (Sender ID), approved in 1–3 working days",
      "Send now, schedule and repeat",
      "Contact import from Excel or CSV",
      "Delivery status for every number",
      "SMS API and OTP API for developers",
      "Credits back for undelivered messages, under the terms",
    ],
    calcLink: "Not sure how many credits you need? Try the credit calculator",
    faq: [
      {
        q: "Do I lose my remaining credits when I buy again?",
        a: [
          "No. New credits are added to what you have. The expiry is counted from the new purchase date for the length of that package, unless your current expiry is later, in which case it stays.",
        ],
      },
      {
        q: "How do I get a tax invoice?",
        a: [
          "Enter your tax details when you order and we issue a full tax invoice once the payment is checked. Companies deducting 3% withholding tax should attach the withholding tax certificate.",
        ],
      },
      {
        q: "I need more than the largest package",
        a: ["Contact our sales team for special pricing on high volumes or yearly contracts."],
      },
    ] satisfies FaqItem[],
  },
};

export default function Packages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("marketing");
  const locale = useLocale();
  const c = CONTENT[locale];
  const lowest = lowestPricePerSmsSatang(loaderData.packages) ?? 0;
  return (
    <>
      <PageHeader title={t("packages.heading")} lead={t("packages.lead", { price: formatPerSms(lowest) })}>
        <p className="mt-5 inline-flex rounded-full bg-white px-4 py-2 font-semibold text-primary-700 shadow-sm ring-1 ring-primary-100">
          <span data-min-price={t("cta.fromPrice")}>
            {t("cta.fromPrice", { price: formatPerSms(lowest) })}
          </span>
        </p>
      </PageHeader>
      <section aria-labelledby="package-list-title" className={`${container} py-10`}>
        <h2 id="package-list-title" className="sr-only">
          {t("packages.listTitle")}
        </h2>
        <PackageCards packages={loaderData.packages} locale={locale} />
        <p className="mt-6 text-sm text-gray-700">{t("packages.vatNote")}</p>
        <p className="mt-2">
          <a
            href={hrefOf("clients.supports.way-cal-credit", locale)}
            className="font-semibold text-primary-700 underline"
          >
            {c.calcLink}
          </a>
        </p>
      </section>
      <section aria-labelledby="includes-title" className="bg-gray-50">
        <div className={`${container} grid gap-10 py-12 lg:grid-cols-2`}>
          <div>
            <h2 id="includes-title" className="text-2xl font-bold text-gray-950">
              {t("packages.includesTitle")}
            </h2>
            <ul className="mt-5 space-y-3">
              {c.includes.map((item) => (
                <li key={item} className="flex gap-3 text-gray-800">
                  <Check className="mt-1 size-5 shrink-0 text-primary-700" />
                  {item}
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="text-2xl font-bold text-gray-950">{t("faq.heading")}</h2>
            <div className="mt-5">
              <FaqList items={c.faq} idPrefix="packages-faq" />
            </div>
          </div>
        </div>
      </section>
      <FreeTrialBand locale={locale} />
    </>
  );
}
