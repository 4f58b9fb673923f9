import { useTranslation } from "react-i18next";
import { container, type FaqItem, FaqList, hrefOf, marketingMeta, PageHeader } from "~/features/marketing";
import { useLocale } from "~/lib/locale";
import type { Route } from "./+types/clients.supports.faq";

export const meta: Route.MetaFunction = ({ location }) =>
  marketingMeta("clients.supports.faq", location.pathname);

type Group = { id: string; title: string; items: FaqItem[] };

const CONTENT: Record<"th" | "en", { eyebrow: string; lead: string; still: string; groups: Group[] }> = {
  th: {
    eyebrow: "ช่วยเหลือ",
    lead: "รวมคำตอบของคำถามที่ลูกค้าถามบ่อยที่สุด หากไม่พบคำตอบที่ต้องการ ติดต่อทีมงานได้ทุกวันทำการ",
    still: "ยังมีคำถาม? ติดต่อทีมงาน",
    groups: [
      {
        id: "account",
        title: "การสมัครและบัญชี",
        items: [
          {
            q: "สมัครสมาชิกต้องใช้อะไรบ้าง",
            a: [
              "ใช้ชื่อ อีเมล และหมายเลขโทรศัพท์มือถือ ระบบจะส่งรหัส OTP ไปยืนยันทั้งหมายเลขโทรศัพท์และอีเมล เมื่อยืนยันครบจึงเริ่มใช้งานได้",
            ],
          },
          {
            q: "ลืมรหัสผ่านทำอย่างไร",
            a: ["กด “ลืมรหัสผ่าน” ที่หน้าเข้าสู่ระบบ กรอกอีเมลหรือหมายเลขโทรศัพท์ แล้วยืนยันด้วยรหัส OTP เพื่อตั้งรหัสผ่านใหม่"],
          },
          {
            q: "ทำไมบัญชีถูกล็อก",
            a: [
              "เพื่อความปลอดภัย บัญชีจะถูกล็อกเมื่อกรอกรหัสผ่านผิดเกิน 10 ครั้งภายใน 1 วัน ปลดล็อกได้โดยตั้งรหัสผ่านใหม่ผ่านเมนูลืมรหัสผ่าน หรือโทรหาเรา",
            ],
          },
          {
            q: "ใช้บัญชีเดียวกันหลายเครื่องพร้อมกันได้ไหม",
            a: [
              "บัญชีหนึ่งเข้าสู่ระบบได้ครั้งละหนึ่งเซสชัน เมื่อเข้าสู่ระบบจากเครื่องใหม่ เครื่องเดิมจะออกจากระบบอัตโนมัติ หากทีมของคุณมีหลายคน ให้เพิ่มสมาชิกในองค์กรแทน",
            ],
          },
        ],
      },
      {
        id: "sender",
        title: "ชื่อผู้ส่ง (Sender ID)",
        items: [
          {
            q: "ชื่อผู้ส่งตั้งได้แบบไหน",
            a: [
              "ยาวไม่เกิน 10 ตัวอักษร ใช้ได้เฉพาะตัวอักษรภาษาอังกฤษ ตัวเลข และเครื่องหมาย . - _ ห้ามมีช่องว่างหรือภาษาไทย และควรเป็นชื่อแบรนด์หรือชื่อบริษัทของคุณ",
            ],
          },
          {
            q: "ต้องใช้เอกสารอะไร",
            a: [
              "นิติบุคคลใช้หนังสือรับรองบริษัทหรือ ภ.พ.20 และสำเนาบัตรประชาชนกรรมการ บุคคลธรรมดาใช้สำเนาบัตรประชาชน และหลักฐานว่าเป็นเจ้าของแบรนด์ เช่น เว็บไซต์หรือทะเบียนพาณิชย์ แนบไฟล์ PDF, PNG หรือ JPG ไม่เกินไฟล์ละ 5 MB",
            ],
          },
          { q: "อนุมัติใช้เวลานานเท่าไร", a: ["1–3 วันทำการ ระหว่างรอ คุณส่งด้วยชื่อผู้ส่งกลางของระบบได้"] },
        ],
      },
      {
        id: "credit",
        title: "เครดิตและการชำระเงิน",
        items: [
          {
            q: "1 เครดิตส่งได้กี่ตัวอักษร",
            a: [
              "ภาษาอังกฤษล้วน 160 ตัวอักษร ถ้ามีภาษาไทยหรืออักขระพิเศษ 70 ตัวอักษร ข้อความยาวกว่านั้นจะใช้หลายเครดิต ดูรายละเอียดที่หน้าวิธีคำนวณเครดิต",
            ],
          },
          {
            q: "ชำระเงินช่องทางใดได้บ้าง",
            a: ["โอนเงินเข้าบัญชีธนาคารของบริษัทหรือสแกน QR พร้อมเพย์ แล้วแนบหลักฐานการโอน (รูปภาพหรือ PDF) ในหน้าคำสั่งซื้อ"],
          },
          {
            q: "เครดิตเข้าเมื่อไร",
            a: [
              "หลังทีมงานตรวจสอบหลักฐานการชำระเงิน โดยปกติภายใน 1 ชั่วโมงในเวลาทำการ สถานะคำสั่งซื้อจะเปลี่ยนจาก “กำลังตรวจสอบ” เป็น “อนุมัติ”",
            ],
          },
          {
            q: "โอนเครดิตให้บัญชีอื่นได้ไหม",
            a: ["ไม่ได้ เครดิตใช้ได้เฉพาะในบัญชีที่ซื้อ แต่เจ้าขององค์กรแบ่งการใช้งานให้สมาชิกในองค์กรได้"],
          },
        ],
      },
      {
        id: "sending",
        title: "การส่งและการคืนเครดิต",
        items: [
          {
            q: "ส่ง SMS ช่วงเวลาใดไม่ได้",
            a: [
              "ข้อความทวงถามหนี้ห้ามส่งวันจันทร์–ศุกร์ 20:00–08:00 น. และวันหยุดราชการ 18:00–08:00 น. ส่วนข้อความโฆษณาไม่ควรส่งช่วง 00:00–06:00 น.",
            ],
          },
          {
            q: "ข้อความส่งไม่ถึงผู้รับ ขอคืนเครดิตได้ไหม",
            a: [
              "ได้ ขอคืนเครดิตของข้อความที่ส่งไม่สำเร็จได้ครั้งเดียวต่อแคมเปญ หลังส่งครบ 24 ชั่วโมงและภายใน 30 วัน เพราะเครือข่ายอาจส่งซ้ำภายใน 12–24 ชั่วโมงแรก",
            ],
          },
          {
            q: "ผู้รับไม่อยากรับ SMS โฆษณาทำอย่างไร",
            a: [
              "ผู้รับกด *137 แล้วโทรออกเพื่อยกเลิกรับ SMS โฆษณาได้ฟรี เบอร์ที่เครือข่ายแจ้งว่าปฏิเสธโฆษณาจะไม่ถูกส่งข้อความการตลาดจากบัญชีของคุณอีก",
            ],
          },
        ],
      },
      {
        id: "api",
        title: "SMS API",
        items: [
          {
            q: "เชื่อมต่อ API อย่างไร",
            a: [
              "สร้าง API Key ในเมนู SMS API แล้วเรียก REST API ด้วย HTTP Basic Auth เอกสาร API อยู่ในระบบหลังเข้าสู่ระบบ รูปแบบคำขอเข้ากันได้กับผู้ให้บริการรายใหญ่ในไทย",
            ],
          },
          {
            q: "จำกัด IP ที่เรียก API ได้ไหม",
            a: ["ได้ เพิ่ม IPv4 หรือ IPv6 (รองรับ CIDR) ใน IP Whitelist หากไม่กำหนด ทุก IP ที่มี API Key เรียกได้"],
          },
        ],
      },
    ],
  },
  en: {
    eyebrow: "Support",
    lead: "Answers to the questions customers ask most. If yours is not here, our team is happy to help every working day.",
    still: "Still have a question? Contact our team",
    groups: [
      {
        id: "account",
        title: "Registration and account",
        items: [
          {
            q: "What do I need to register?",
            a: [
              "Your name, e-mail and mobile phone number. We send one-time codes to confirm both the phone and the e-mail; once both are confirmed you can start.",
            ],
          },
          {
            q: "I forgot my password",
            a: [
              "Choose “Forgot password” on the sign-in page, enter your e-mail or phone, confirm the one-time code and set a new password.",
            ],
          },
          {
            q: "Why is my account locked?",
            a: [
              "For your security, an account locks after more than 10 wrong passwords within one day. Unlock it by setting a new password with Forgot password, or call us.",
            ],
          },
          {
            q: "Can I sign in on several devices at once?",
            a: [
              "One account has one session at a time: signing in on a new device signs the old one out. For a team, add members to your organization instead.",
            ],
          },
        ],
      },
      {
        id: "sender",
        title: "Sender names (Sender ID)",
        items: [
          {
            q: "What sender names are allowed?",
            a: [
              "Up to 10 characters: English letters, digits and . - _ only, with no spaces or Thai letters. It should be your brand or company name.",
            ],
          },
          {
            q: "Which documents do I need?",
            a: [
              "Companies: the company certificate or P.P.20 and a director's ID card copy. Individuals: an ID card copy and proof that you own the brand, such as a website or commercial registration. PDF, PNG or JPG, up to 5 MB each.",
            ],
          },
          {
            q: "How long does approval take?",
            a: ["1–3 working days. Meanwhile you can send with the shared sender name."],
          },
        ],
      },
      {
        id: "credit",
        title: "Credits and payment",
        items: [
          {
            q: "How many characters does one credit cover?",
            a: [
              "160 characters in English only, or 70 if the message has any Thai or special character. Longer messages use more credits; see How credits are calculated.",
            ],
          },
          {
            q: "How can I pay?",
            a: [
              "Bank transfer to the company account or PromptPay QR, then attach the transfer slip (image or PDF) to the order.",
            ],
          },
          {
            q: "When do the credits arrive?",
            a: [
              "As soon as our team checks the payment, usually within an hour during office hours. The order changes from “checking” to “approved”.",
            ],
          },
          {
            q: "Can I transfer credits to another account?",
            a: [
              "No, credits stay in the account that bought them. An organization owner can share usage with the organization's members.",
            ],
          },
        ],
      },
      {
        id: "sending",
        title: "Sending and refunds",
        items: [
          {
            q: "When may I not send?",
            a: [
              "Debt-collection messages are barred Monday to Friday 20:00–08:00 and on public holidays 18:00–08:00. Advertising should not be sent between 00:00 and 06:00.",
            ],
          },
          {
            q: "A message was not delivered. Can I get the credit back?",
            a: [
              "Yes, once per campaign, from 24 hours up to 30 days after sending: networks may retry during the first 12–24 hours.",
            ],
          },
          {
            q: "What if a recipient doesn't want advertising SMS?",
            a: [
              "They dial *137 and press call to stop advertising SMS for free. Numbers the network reports as refusing advertising are skipped in your future marketing sends.",
            ],
          },
        ],
      },
      {
        id: "api",
        title: "SMS API",
        items: [
          {
            q: "How do I connect the API?",
            a: [
              "Create an API key under SMS API and call the REST API with HTTP Basic auth. The API documentation is in the portal after you sign in; requests follow the shapes of the large Thai providers.",
            ],
          },
          {
            q: "Can I restrict which IPs call the API?",
            a: [
              "Yes. Add IPv4 or IPv6 addresses (CIDR allowed) to the IP whitelist. With an empty list, any IP holding the API key may call.",
            ],
          },
        ],
      },
    ],
  },
};

export default function Faq() {
  const { t } = useTranslation("marketing");
  const locale = useLocale();
  const c = CONTENT[locale];
  return (
    <>
      <PageHeader eyebrow={c.eyebrow} title={t("faq.heading")} lead={c.lead} />
      <div className={`${container} grid gap-10 py-10 lg:grid-cols-[14rem_1fr]`}>
        <nav aria-labelledby="faq-toc" className="lg:sticky lg:top-4 lg:self-start">
          <h2 id="faq-toc" className="text-sm font-semibold text-gray-700">
            {t("common.onThisPage")}
          </h2>
          <ul className="mt-2 space-y-1.5 text-sm">
            {c.groups.map((g) => (
              <li key={g.id}>
                <a
                  href={`#${g.id}`}
                  className="text-gray-800 underline decoration-gray-300 hover:text-primary-700"
                >
                  {g.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="space-y-10">
          {c.groups.map((g) => (
            <section key={g.id} aria-labelledby={g.id}>
              <h2 id={g.id} className="scroll-mt-24 text-xl font-bold text-gray-950">
                {g.title}
              </h2>
              <div className="mt-4">
                <FaqList items={g.items} idPrefix={`faq-${g.id}`} />
              </div>
            </section>
          ))}
          <p>
            <a
              href={hrefOf("clients.supports.contact-us", locale)}
              className="font-semibold text-primary-700 underline"
            >
              {c.still}
            </a>
          </p>
        </div>
      </div>
    </>
  );
}
