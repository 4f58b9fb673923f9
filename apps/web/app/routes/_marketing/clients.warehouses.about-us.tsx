import { useTranslation } from "react-i18next";
import { container, FreeTrialBand, hrefOf, marketingMeta, PageHeader, prose } from "~/features/marketing";
import { useLocale } from "~/lib/locale";
import type { Route } from "./+types/clients.warehouses.about-us";

export const meta: Route.MetaFunction = ({ location }) =>
  marketingMeta("clients.warehouses.about-us", location.pathname);

const CONTENT = {
  th: {
    eyebrow: "เกี่ยวกับเรา",
    title: "เราช่วยให้ธุรกิจไทยคุยกับลูกค้าได้ง่ายขึ้น",
    lead: "SMS Portal เกิดจากทีมที่เคยดูแลระบบส่งข้อความให้ร้านค้าและองค์กรมาหลายปี และเห็นว่าธุรกิจขนาดเล็กควรได้เครื่องมือที่ดีเท่ากับองค์กรใหญ่ ในราคาที่จ่ายไหว",
    storyTitle: "เรื่องของเรา",
    story: [
      "ลูกค้าส่วนใหญ่ของเราเป็นร้านค้า คลินิก โรงเรียน และบริษัทขนาดกลางที่ต้องการแจ้งข่าวถึงลูกค้าอย่างรวดเร็ว แต่ไม่มีทีมไอทีของตัวเอง เราจึงออกแบบระบบให้สมัครเองได้ภายในไม่กี่นาที ซื้อแพ็กเกจได้เอง และเห็นผลการส่งทุกเบอร์",
      "สำหรับทีมพัฒนา เรามี SMS API และ OTP API ที่ใช้รูปแบบเดียวกับผู้ให้บริการรายใหญ่ในไทย ย้ายระบบเดิมมาได้โดยแทบไม่ต้องแก้โค้ด",
    ],
    valuesTitle: "สิ่งที่เรายึดถือ",
    values: [
      {
        title: "ราคาโปร่งใส",
        text: "ไม่มีค่าแรกเข้า ไม่มีค่ารายเดือน เห็นเครดิตที่ต้องใช้ก่อนกดส่งทุกครั้ง และคืนเครดิตให้เมื่อข้อความส่งไม่สำเร็จ",
      },
      {
        title: "ส่งอย่างรับผิดชอบ",
        text: "เราตรวจสอบชื่อผู้ส่งทุกชื่อ บังคับช่วงเวลาห้ามส่งข้อความทวงถามหนี้ และเคารพผู้รับที่ปฏิเสธโฆษณา",
      },
      { title: "ข้อมูลปลอดภัย", text: "เราปฏิบัติตาม พ.ร.บ.คุ้มครองข้อมูลส่วนบุคคล เข้ารหัสข้อมูลสำคัญ และไม่ขายข้อมูลของลูกค้า" },
      { title: "คนไทยดูแล", text: "ทีมงานตอบทางโทรศัพท์ LINE และอีเมล ด้วยภาษาที่เข้าใจง่าย ทุกวันทำการ" },
    ],
    companyTitle: "ข้อมูลบริษัท",
    contact: "ติดต่อทีมงาน",
  },
  en: {
    eyebrow: "About us",
    title: "We help Thai businesses talk to their customers",
    lead: "SMS Portal was started by a team that spent years running messaging systems for shops and organizations, convinced that small businesses deserve tools as good as large companies have, at a price they can afford.",
    storyTitle: "Our story",
    story: [
      "Most of our customers are shops, clinics, schools and mid-sized companies that need to reach customers quickly but have no IT team. So the portal lets you register in minutes, buy packages yourself and see the result for every number.",
      "For developers, our SMS API and OTP API follow the shapes of the large Thai providers, so existing systems move over with hardly any code changes.",
    ],
    valuesTitle: "What we stand for",
    values: [
      {
        title: "Clear prices",
        text: "No set-up or monthly fees, the credits needed shown before every send, and credits back when a message fails.",
      },
      {
        title: "Responsible sending",
        text: "We check every sender name, enforce the hours when debt-collection messages are barred and respect recipients who refuse advertising.",
      },
      {
        title: "Safe data",
        text: "We follow the Personal Data Protection Act, encrypt sensitive data and never sell customer data.",
      },
      {
        title: "Local support",
        text: "Our team answers by phone, LINE and e-mail in plain language every working day.",
      },
    ],
    companyTitle: "Company details",
    contact: "Contact our team",
  },
};

export default function AboutUs() {
  const { t } = useTranslation("marketing");
  const locale = useLocale();
  const c = CONTENT[locale];
  return (
    <>
      <PageHeader eyebrow={c.eyebrow} title={c.title} lead={c.lead} />
      <div className={`${container} py-10`}>
        <div className={prose}>
          <h2 className="!mt-0">{c.storyTitle}</h2>
          {c.story.map((p) => (
            <p key={p}>{p}</p>
          ))}
          <h2>{c.valuesTitle}</h2>
        </div>
        <ul className="mt-6 grid gap-5 sm:grid-cols-2">
          {c.values.map((v) => (
            <li key={v.title} className="rounded-xl border border-gray-200 p-5">
              <h3 className="font-semibold text-gray-950">{v.title}</h3>
              <p className="mt-2 text-gray-700">{v.text}</p>
            </li>
          ))}
        </ul>
        <div className={prose}>
          <h2>{c.companyTitle}</h2>
          <p>
            {t("footer.companyName")}
            <br />
            {t("footer.address")}
          </p>
          <p>
            <a href={hrefOf("clients.supports.contact-us", locale)}>{c.contact}</a>
          </p>
        </div>
      </div>
      <FreeTrialBand locale={locale} />
    </>
  );
}
