import type { Locale } from "@sms/domain/routes";
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_DAYS,
  ConsentSettings,
  container,
  type DocContent,
  DocPage,
  marketingMeta,
} from "~/features/marketing";
import type { Route } from "./+types/clients.cookies";

export const meta: Route.MetaFunction = ({ location }) => marketingMeta("clients.cookies", location.pathname);

const CONTENT: Record<Locale, DocContent> = {
  th: {
    title: "นโยบายคุกกี้",
    lead: "คุกกี้คือไฟล์ข้อมูลขนาดเล็กที่เว็บไซต์บันทึกไว้ในเบราว์เซอร์ของคุณ เราใช้เฉพาะคุกกี้ที่จำเป็นจนกว่าคุณจะยินยอม และคุณเปลี่ยนการตั้งค่าได้ทุกเมื่อจากหน้านี้",
    updated: "1 ตุลาคม 2568",
    sections: [
      {
        id: "necessary",
        heading: "คุกกี้ที่จำเป็น",
        blocks: [
          "ใช้เพื่อให้เว็บไซต์ทำงานได้และไม่ต้องขอความยินยอม",
          {
            list: [
              `locale: จำภาษาที่คุณเลือก เก็บ 365 วัน`,
              `${CONSENT_COOKIE}: จำการตั้งค่าคุกกี้ของคุณ เก็บ ${CONSENT_MAX_AGE_DAYS} วัน`,
              "ข้อมูลการเข้าสู่ระบบ (เก็บใน Local Storage ของเบราว์เซอร์): ทำให้คุณอยู่ในระบบจนกว่าจะออกจากระบบ",
            ],
          },
        ],
      },
      {
        id: "analytics",
        heading: "คุกกี้เพื่อการวิเคราะห์",
        blocks: ["ใช้นับจำนวนผู้เข้าชมและดูว่าหน้าใดมีประโยชน์ โดยไม่ระบุตัวตน จะทำงานเมื่อคุณยินยอมเท่านั้น"],
      },
      {
        id: "marketing",
        heading: "คุกกี้เพื่อการตลาด",
        blocks: ["ใช้วัดผลโฆษณาและแสดงโฆษณาที่เกี่ยวข้องบนเว็บไซต์อื่น จะทำงานเมื่อคุณยินยอมเท่านั้น"],
      },
      {
        id: "manage",
        heading: "การจัดการคุกกี้",
        blocks: [
          "คุณเปลี่ยนหรือถอนความยินยอมได้จากแบบฟอร์มด้านบน และลบคุกกี้ได้จากการตั้งค่าเบราว์เซอร์ การปิดคุกกี้ที่จำเป็นอาจทำให้บางส่วนของเว็บไซต์ทำงานไม่ถูกต้อง อ่านเพิ่มเติมเกี่ยวกับข้อมูลส่วนบุคคลได้ในประกาศความเป็นส่วนตัว",
        ],
      },
    ],
  },
  en: {
    title: "Cookie policy",
    lead: "Cookies are small files a website stores in your browser. We use only the necessary ones until you agree to more, and you can change your settings on this page at any time.",
    updated: "1 October 2025",
    sections: [
      {
        id: "necessary",
        heading: "Necessary cookies",
        blocks: [
          "These make the site work and need no consent.",
          {
            list: [
              "locale: remembers your language, kept for 365 days.",
              `${CONSENT_COOKIE}: remembers your cookie settings, kept for ${CONSENT_MAX_AGE_DAYS} days.`,
              "Sign-in data (kept in the browser's local storage): keeps you signed in until you sign out.",
            ],
          },
        ],
      },
      {
        id: "analytics",
        heading: "Analytics cookies",
        blocks: [
          "Count visits and show which pages are useful, without identifying you. Used only with your consent.",
        ],
      },
      {
        id: "marketing",
        heading: "Marketing cookies",
        blocks: ["Measure advertising and show relevant ads on other websites. Used only with your consent."],
      },
      {
        id: "manage",
        heading: "Managing cookies",
        blocks: [
          "Change or withdraw your consent with the form above, and delete cookies in your browser settings. Blocking necessary cookies may stop parts of the site from working. See the privacy notice for more about personal data.",
        ],
      },
    ],
  },
};

export default function Cookies() {
  return (
    <DocPage content={CONTENT} numbered={false}>
      <div className={`${container} pt-10`}>
        <ConsentSettings />
      </div>
    </DocPage>
  );
}
