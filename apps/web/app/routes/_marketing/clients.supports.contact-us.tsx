import { useTranslation } from "react-i18next";
import {
  ContactForm,
  container,
  Line,
  marketingMeta,
  PageHeader,
  Phone,
  SITE,
  telHref,
} from "~/features/marketing";
import { useLocale } from "~/lib/locale";
import type { Route } from "./+types/clients.supports.contact-us";

export const meta: Route.MetaFunction = ({ location }) =>
  marketingMeta("clients.supports.contact-us", location.pathname);

const CONTENT = {
  th: {
    eyebrow: "ช่วยเหลือ",
    title: "ติดต่อเรา",
    lead: "มีคำถามเรื่องแพ็กเกจ ชื่อผู้ส่ง หรือการเชื่อมต่อ API ทีมงานคนไทยพร้อมช่วยทุกวันทำการ",
    channels: "ช่องทางติดต่อ",
    phone: "โทรศัพท์",
    line: "LINE Official Account",
    lineText: "แชตกับทีมงานได้ทันทีในเวลาทำการ",
    email: "อีเมล",
    emailText: "ตอบกลับภายใน 1 วันทำการ",
    office: "สำนักงาน",
  },
  en: {
    eyebrow: "Support",
    title: "Contact us",
    lead: "Questions about packages, sender names or connecting the API? Our local team is here every working day.",
    channels: "Ways to reach us",
    phone: "Phone",
    line: "LINE Official Account",
    lineText: "Chat with our team during office hours.",
    email: "E-mail",
    emailText: "We reply within one working day.",
    office: "Office",
  },
};

export default function ContactUs() {
  const { t } = useTranslation("marketing");
  const locale = useLocale();
  const c = CONTENT[locale];
  return (
    <>
      <PageHeader eyebrow={c.eyebrow} title={c.title} lead={c.lead} />
      <div className={`${container} grid gap-8 py-10 lg:grid-cols-[1fr_1.6fr]`}>
        <section aria-labelledby="channels-title" className="space-y-5">
          <h2 id="channels-title" className="text-xl font-bold text-gray-950">
            {c.channels}
          </h2>
          <div className="rounded-xl border border-gray-200 p-5">
            <h3 className="font-semibold text-gray-950">{c.phone}</h3>
            <a
              href={telHref(SITE.phoneDisplay)}
              className="mt-1 inline-flex items-center gap-2 text-lg font-semibold text-primary-700 underline"
            >
              <Phone className="size-5" />
              {SITE.phoneDisplay}
            </a>
            <p className="mt-1 text-sm text-gray-700">{t("footer.hours")}</p>
          </div>
          <div className="rounded-xl border border-gray-200 p-5">
            <h3 className="font-semibold text-gray-950">{c.line}</h3>
            <p className="mt-1 text-sm text-gray-700">{c.lineText}</p>
            <a
              href={SITE.lineUrl}
              target="_blank"
              rel="noopener"
              className="mt-3 inline-flex min-h-11 items-center gap-2 rounded-full bg-[#06C755] px-5 font-semibold text-gray-950 hover:bg-[#05b34c] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
            >
              <Line />
              {t("nav.line")}
              <span className="sr-only"> {t("nav.lineLabel")}</span>
            </a>
          </div>
          <div className="rounded-xl border border-gray-200 p-5">
            <h3 className="font-semibold text-gray-950">{c.email}</h3>
            <a
              href={`mailto:${SITE.supportEmail}`}
              className="mt-1 inline-block font-semibold text-primary-700 underline"
            >
              {SITE.supportEmail}
            </a>
            <p className="mt-1 text-sm text-gray-700">{c.emailText}</p>
          </div>
          <div className="rounded-xl border border-gray-200 p-5">
            <h3 className="font-semibold text-gray-950">{c.office}</h3>
            <p className="mt-1 text-gray-800">{t("footer.companyName")}</p>
            <p className="text-sm text-gray-700">{t("footer.address")}</p>
          </div>
        </section>
        <ContactForm locale={locale} />
      </div>
    </>
  );
}
