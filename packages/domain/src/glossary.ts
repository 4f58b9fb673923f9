/**
 * One word per thing (issue 24 point 6; review D23, D58, D59): each concept the customer meets has
 * one Thai and one English term, in menus, page names, headings, buttons, messages and e-mails.
 * `glossary.test.ts` scans the web catalogues (apps/web/app/locales), the server catalogue and
 * e-mail texts (apps/server/src/i18n), the domain's localised labels and the public pages' content,
 * and fails on an avoided variant. Add a concept here before naming it a second way.
 *
 * Matching: Thai variants as written; English variants case-insensitive, on word boundaries, in
 * texts with their `{{params}}` and `<tags>` taken out.
 */
export interface GlossaryEntry {
  /** What the thing is, for the reader of this file. */
  concept: string;
  th: string;
  en: string;
  /** Variants that must not be used for this concept. */
  avoid: { th: readonly string[]; en: readonly string[] };
  /**
   * Texts where a variant stays on purpose (spec-verbatim messages, a gloss in brackets); with
   * `whole`, only a text that is exactly this one (a header name a file may carry, not prose).
   */
  keep?: readonly { text: string; why: string; whole?: boolean }[];
}

export const GLOSSARY: readonly GlossaryEntry[] = [
  {
    concept: "A named list of phone numbers a campaign is sent to (/contacts); also the menu item",
    th: "กลุ่มรายชื่อ",
    en: "contact group",
    avoid: { th: ["กลุ่มผู้ติดต่อ", "รายชื่อผู้ติดต่อ"], en: ["contact list", "address book", "phone book"] },
  },
  {
    concept:
      "A Thai phone number (a recipient's, an account's, a file's column); 'mobile' only to say which kind",
    th: "หมายเลขโทรศัพท์",
    en: "phone number",
    avoid: {
      th: ["เบอร์โทรศัพท์", "เบอร์โทร", "เบอร์มือถือ", "หมายเลขมือถือ"],
      en: ["mobile number", "mobile numbers", "telephone number", "phone no"],
    },
    keep: [
      {
        text: "เบอร์โทร",
        why: "a header name an imported file may carry (contact-import rules)",
        whole: true,
      },
      { text: "เบอร์โทรศัพท์", why: "a header name an imported file may carry", whole: true },
      { text: "เบอร์มือถือ", why: "a header name an imported file may carry", whole: true },
      { text: "mobile, tel, เบอร์โทร", why: "the header names a file may carry, listed in the API docs" },
    ],
  },
  {
    concept: "One entry of a contact group: a phone number with an optional name",
    th: "รายชื่อ",
    en: "contact",
    avoid: { th: ["ผู้ติดต่อ"], en: [] },
  },
  {
    concept: "Buying credits, always as a package (/subscriptions); the menu item and the page",
    th: "ซื้อแพ็กเกจ",
    en: "buy a package",
    avoid: {
      th: ["ซื้อเครดิต", "เติมเครดิต"],
      en: ["buy credit", "buy credits", "buying credit", "top up", "top-up", "subscription", "subscriptions"],
    },
  },
  {
    concept: "A customer's purchase of a package, checked by staff (/orders)",
    th: "คำสั่งซื้อ",
    en: "order",
    avoid: { th: ["ใบสั่งซื้อ"], en: ["purchase order", "purchase orders"] },
  },
  {
    concept: "The name a message is sent from, requested and approved (/senders)",
    th: "ชื่อผู้ส่ง",
    en: "sender name",
    avoid: { th: [], en: ["sender ID", "sender IDs"] },
    keep: [
      { text: "(Sender ID)", why: "the industry's word, glossed once in brackets after ours" },
      { text: "Please select Evidence for applying for SENDER ID.", why: "spec §5 message, verbatim" },
    ],
  },
  {
    concept: "Message status: the gateway took the message, no delivery report yet (status `sent`)",
    th: "ส่งแล้ว",
    en: "sent",
    avoid: { th: ["ส่งถึงเครือข่าย"], en: ["delivered to network", "delivered to the network"] },
  },
  {
    concept: "A number that appears again after its first occurrence (in a file or a typed list)",
    th: "ซ้ำ",
    en: "duplicate",
    avoid: { th: [], en: ["repeated"] },
  },
  {
    concept: "The report of every sent message (/reports/messages)",
    th: "รายงานข้อความ",
    en: "message report",
    avoid: { th: [], en: ["messages report"] },
  },
  {
    concept: "Entering the portal with a username and password",
    th: "เข้าสู่ระบบ",
    en: "sign in",
    avoid: { th: ["ล็อกอิน"], en: ["log in", "login", "logged in", "log-in"] },
    keep: [{ text: "Please login again", why: "spec §8 success message, verbatim" }],
  },
  {
    concept: "Leaving the portal",
    th: "ออกจากระบบ",
    en: "sign out",
    avoid: { th: ["ล็อกเอาต์"], en: ["log out", "logout", "logged out", "log-out"] },
  },
  {
    concept: "Creating an account (/register)",
    th: "สมัครสมาชิก",
    en: "register",
    avoid: { th: ["ลงทะเบียน"], en: ["sign up", "sign-up", "signup"] },
  },
  {
    concept: "The customer's company or team that owns credits, senders and members",
    th: "องค์กร",
    en: "organization",
    avoid: { th: [], en: ["organisation", "organisations"] },
  },
  {
    concept: "A saved message text with tags (/templates)",
    th: "เทมเพลต",
    en: "template",
    avoid: { th: ["แม่แบบ"], en: [] },
  },
  {
    concept: "Electronic mail",
    th: "อีเมล",
    en: "e-mail",
    avoid: { th: ["อีเมล์", "อี-เมล"], en: ["email", "emails"] },
  },
];
