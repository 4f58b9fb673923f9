import { readFileSync } from "node:fs";
import type { Locale } from "@sms/domain";
// Single rules rather than the package: this module is loaded afresh in each receipt's worker (ADR 30).
import { bahtText } from "@sms/domain/rules/baht-text";
import { formatBaht, VAT_PERCENT, WITHHOLDING_TAX_PERCENT } from "@sms/domain/rules/cart";
import { formatDate, formatNumber } from "@sms/domain/rules/format";
import PDFDocument from "pdfkit";
import { recordGlyphs } from "./pdfkit-glyphs.ts";

/** What a receipt / tax invoice prints; amounts in satang. */
export interface ReceiptDocument {
  documentNumber: string;
  /** The approval: the day the payment was accepted and the invoice issued. */
  issuedAt: Date;
  seller: { name: string; address: string; taxId: string; branch: string };
  buyer: {
    juristic: boolean;
    name: string;
    taxId: string | null;
    branch: string | null;
    address: string | null;
  };
  line: { packageName: string; credits: number; months: number };
  /** The value of the service before VAT. */
  subTotalSatang: number;
  vatSatang: number;
  /** Deducted by a juristic buyer from the total with VAT; 0 for an individual. */
  withholdingTaxSatang: number;
  /** What was paid: sub total + VAT − withholding tax. */
  totalSatang: number;
}

const fontFile = (name: string) => readFileSync(new URL(`../../../assets/fonts/${name}`, import.meta.url));

/**
 * Noto Sans Thai (OFL, assets/fonts) carries the Thai letters, and fontkit shapes them (marks above
 * and below, sara am) as the font's GSUB/GPOS tables say. The font has no Latin letters, so Latin
 * text and digits go in the PDF's standard Helvetica, which needs no embedding.
 */
const THAI_FONTS = { regular: fontFile("NotoSansThai-Regular.ttf"), bold: fontFile("NotoSansThai-Bold.ttf") };
const LATIN_FONTS = { regular: "Helvetica", bold: "Helvetica-Bold" } as const;

type Weight = "regular" | "bold";
type Doc = InstanceType<typeof PDFDocument>;

const TEXTS = {
  th: {
    title: "ใบเสร็จรับเงิน / ใบกำกับภาษี",
    subtitle: "ต้นฉบับ",
    taxId: "เลขประจำตัวผู้เสียภาษี",
    headOffice: "สำนักงานใหญ่",
    branch: (code: string) => `สาขาที่ ${code}`,
    number: "เลขที่",
    date: "วันที่",
    buyer: "ลูกค้า",
    address: "ที่อยู่",
    no: "ลำดับ",
    description: "รายการ",
    credits: "จำนวนเครดิต",
    period: "อายุการใช้งาน",
    amount: "จำนวนเงิน (บาท)",
    months: (n: number) => `${formatNumber(n)} เดือน`,
    item: (name: string) => `แพ็กเกจ SMS ${name}`,
    subTotal: "มูลค่าสินค้า/บริการ",
    vat: `ภาษีมูลค่าเพิ่ม ${VAT_PERCENT}%`,
    totalWithVat: "จำนวนเงินรวมทั้งสิ้น",
    withholdingTax: `หักภาษี ณ ที่จ่าย ${WITHHOLDING_TAX_PERCENT}%`,
    total: "ยอดชำระสุทธิ",
    inWords: "จำนวนเงินตัวอักษร",
    received: "ได้รับชำระเงินเรียบร้อยแล้ว",
    generated: "เอกสารนี้จัดทำด้วยระบบคอมพิวเตอร์",
  },
  en: {
    title: "Receipt / Tax invoice",
    subtitle: "Original",
    taxId: "Tax ID",
    headOffice: "Head office",
    branch: (code: string) => `Branch ${code}`,
    number: "No.",
    date: "Date",
    buyer: "Customer",
    address: "Address",
    no: "No.",
    description: "Description",
    credits: "Credits",
    period: "Valid for",
    amount: "Amount (THB)",
    months: (n: number) => `${formatNumber(n)} ${n === 1 ? "month" : "months"}`,
    item: (name: string) => `SMS package ${name}`,
    subTotal: "Value of services",
    vat: `VAT ${VAT_PERCENT}%`,
    totalWithVat: "Grand total",
    withholdingTax: `Less withholding tax ${WITHHOLDING_TAX_PERCENT}%`,
    total: "Net amount paid",
    inWords: "Amount in words",
    received: "Payment received with thanks",
    generated: "This document is computer generated",
  },
} as const;

/** "00000" is the head office on Thai tax documents; other branches are their 5-digit number. */
function branchLabel(code: string | null, locale: Locale): string | null {
  if (!code) return null;
  return code === "00000" ? TEXTS[locale].headOffice : TEXTS[locale].branch(code);
}

const isThai = (char: string) => char >= "\u0E00" && char <= "\u0E7F";

/** Splits text into runs of Thai and of everything else; a space stays with the run before it. */
export function scriptRuns(text: string): { thai: boolean; text: string }[] {
  const runs: { thai: boolean; text: string }[] = [];
  for (const char of text) {
    const last = runs.at(-1);
    const thai = char === " " && last ? last.thai : isThai(char);
    if (last && last.thai === thai) last.text += char;
    else runs.push({ thai, text: char });
  }
  return runs;
}

interface TextStyle {
  weight?: Weight;
  size?: number;
  color?: string;
}

/**
 * Every Thai character on its own, sara am (U+0E33) left out. pdfkit's ToUnicode map (what copy,
 * search and screen readers read) keeps the first text each glyph was drawn for, and the font draws
 * sara am as nikhahit + sara aa: drawn first, "ำ" would claim the sara aa glyph and every later
 * "า" would read as nothing. Laid out once before any real text, each glyph maps to its own
 * letter, and "ำ" reads back as "ํา", its compatibility decomposition (NFKC gives "ำ" again).
 */
const THAI_PRIMER = Array.from({ length: 0x5b + 1 }, (_, i) => String.fromCodePoint(0x0e00 + i))
  .filter((c) => /\p{Script=Thai}/u.test(c) && c !== "\u0E33")
  .join(" ");

const primed = new WeakMap<Doc, Set<Weight>>();

function useFont(doc: Doc, thai: boolean, weight: Weight, size: number): Doc {
  doc.font(thai ? `thai-${weight}` : LATIN_FONTS[weight]).fontSize(size);
  if (thai) {
    const done = primed.get(doc) ?? new Set<Weight>();
    if (!done.has(weight)) {
      recordGlyphs(doc, THAI_PRIMER);
      done.add(weight);
      primed.set(doc, done);
    }
  }
  return doc;
}

function widthOf(doc: Doc, text: string, { weight = "regular", size = 10 }: TextStyle = {}): number {
  let width = 0;
  for (const run of scriptRuns(text)) width += useFont(doc, run.thai, weight, size).widthOfString(run.text);
  return width;
}

/** One line of mixed-script text with its baseline at y; `align` is against x (left edge, right edge or centre). */
function line(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  style: TextStyle & { align?: "left" | "right" | "center" } = {},
): void {
  const { weight = "regular", size = 10, color = "#1f2937", align = "left" } = style;
  const total = widthOf(doc, text, { weight, size });
  let cursor = align === "right" ? x - total : align === "center" ? x - total / 2 : x;
  doc.fillColor(color);
  for (const run of scriptRuns(text)) {
    useFont(doc, run.thai, weight, size);
    doc.text(run.text, cursor, y, { lineBreak: false, baseline: "alphabetic" });
    cursor += doc.widthOfString(run.text);
  }
}

const WORDS = new Intl.Segmenter("th", { granularity: "word" });

/** Greedy wrapping at word boundaries (Thai has no spaces between words, so ICU finds them). */
function wrap(doc: Doc, text: string, width: number, style: TextStyle = {}): string[] {
  const lines: string[] = [];
  let current = "";
  for (const { segment } of WORDS.segment(text)) {
    const next = current + segment;
    if (current && widthOf(doc, next.trimEnd(), style) > width) {
      lines.push(current.trimEnd());
      current = segment.trimStart();
    } else {
      current = next;
    }
  }
  if (current.trim()) lines.push(current.trimEnd());
  return lines;
}

/** Wrapped lines from baseline y; answers the baseline after the last line. */
function paragraph(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  style: TextStyle = {},
): number {
  const leading = (style.size ?? 10) * 1.5;
  let baseline = y;
  for (const l of wrap(doc, text, width, style)) {
    line(doc, l, x, baseline, style);
    baseline += leading;
  }
  return baseline;
}

const PAGE = { width: 595.28, margin: 40 };
const RIGHT = PAGE.width - PAGE.margin;
const CONTENT = RIGHT - PAGE.margin;
const BRAND = "#9f1239";
const MUTED = "#6b7280";
const RULE = "#d1d5db";

/** The receipt / tax invoice as an A4 PDF in Thai or English. */
export function renderReceiptPdf(receipt: ReceiptDocument, locale: Locale): Promise<Buffer> {
  const t = TEXTS[locale];
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE.margin,
    info: {
      Title: `${TEXTS.en.title} ${receipt.documentNumber}`,
      Subject: receipt.documentNumber,
      Author: receipt.seller.name,
      // The same order always gives the same file.
      CreationDate: receipt.issuedAt,
      ModDate: receipt.issuedAt,
    },
    lang: locale === "th" ? "th-TH" : "en-US",
  });
  doc.registerFont("thai-regular", THAI_FONTS.regular);
  doc.registerFont("thai-bold", THAI_FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  // Seller, left; title and document number, right.
  const { seller, buyer } = receipt;
  line(doc, seller.name, PAGE.margin, 62, { weight: "bold", size: 14, color: BRAND });
  let y = paragraph(doc, seller.address, PAGE.margin, 82, 300, { size: 9.5 });
  const sellerBranch = branchLabel(seller.branch, locale);
  line(doc, `${t.taxId} ${seller.taxId}${sellerBranch ? `  ${sellerBranch}` : ""}`, PAGE.margin, y, {
    size: 9.5,
  });

  line(doc, t.title, RIGHT, 62, { weight: "bold", size: 16, align: "right" });
  line(doc, t.subtitle, RIGHT, 82, { size: 9.5, color: MUTED, align: "right" });
  line(doc, `${t.number} ${receipt.documentNumber}`, RIGHT, 104, {
    weight: "bold",
    size: 10.5,
    align: "right",
  });
  line(doc, `${t.date} ${formatDate(receipt.issuedAt, locale, "D MMMM YYYY")}`, RIGHT, 120, {
    size: 10.5,
    align: "right",
  });

  // Buyer.
  y = Math.max(y, 120) + 22;
  const buyerTop = y;
  y += 20;
  line(doc, t.buyer, PAGE.margin + 12, y, { weight: "bold", size: 10, color: MUTED });
  line(doc, buyer.name, PAGE.margin + 110, y, { weight: "bold", size: 11 });
  if (buyer.address) {
    y += 17;
    line(doc, t.address, PAGE.margin + 12, y, { size: 10, color: MUTED });
    y = paragraph(doc, buyer.address, PAGE.margin + 110, y, CONTENT - 122, { size: 10 }) - 15;
  }
  if (buyer.taxId) {
    y += 17;
    line(doc, t.taxId, PAGE.margin + 12, y, { size: 10, color: MUTED });
    const buyerBranch = buyer.juristic ? branchLabel(buyer.branch, locale) : null;
    line(doc, `${buyer.taxId}${buyerBranch ? `  ${buyerBranch}` : ""}`, PAGE.margin + 110, y, { size: 10 });
  }
  y += 14;
  doc
    .roundedRect(PAGE.margin, buyerTop, CONTENT, y - buyerTop, 6)
    .lineWidth(0.8)
    .strokeColor(RULE)
    .stroke();

  // The line of the order.
  const cols = {
    no: PAGE.margin + 12,
    description: PAGE.margin + 56,
    credits: PAGE.margin + 330,
    period: PAGE.margin + 420,
    amount: RIGHT - 12,
  };
  y += 18;
  doc.rect(PAGE.margin, y, CONTENT, 26).fill("#fff1f2");
  const head = y + 17;
  line(doc, t.no, cols.no, head, { weight: "bold", size: 10 });
  line(doc, t.description, cols.description, head, { weight: "bold", size: 10 });
  line(doc, t.credits, cols.credits, head, { weight: "bold", size: 10, align: "right" });
  line(doc, t.period, cols.period, head, { weight: "bold", size: 10, align: "right" });
  line(doc, t.amount, cols.amount, head, { weight: "bold", size: 10, align: "right" });
  y += 26 + 20;
  line(doc, "1", cols.no + 8, y, { size: 10.5, align: "center" });
  line(doc, t.item(receipt.line.packageName), cols.description, y, { size: 10.5 });
  line(doc, formatNumber(receipt.line.credits), cols.credits, y, { size: 10.5, align: "right" });
  line(doc, t.months(receipt.line.months), cols.period, y, { size: 10.5, align: "right" });
  line(doc, formatBaht(receipt.subTotalSatang), cols.amount, y, { size: 10.5, align: "right" });
  y += 14;
  doc.moveTo(PAGE.margin, y).lineTo(RIGHT, y).lineWidth(0.8).strokeColor(RULE).stroke();

  // Totals, right, as a tax invoice reads (Revenue Code s. 86/4): the value, the VAT apart from it,
  // and the total with VAT, which the amount in words beside them states. A juristic buyer's
  // withholding tax is a deduction from that total, and the net is what was paid (review D16).
  const totalWithVat = receipt.subTotalSatang + receipt.vatSatang;
  const withholding = receipt.withholdingTaxSatang > 0 || buyer.juristic;
  const totals: { label: string; satang: number; strong: boolean }[] = [
    { label: t.subTotal, satang: receipt.subTotalSatang, strong: false },
    { label: t.vat, satang: receipt.vatSatang, strong: false },
    { label: t.totalWithVat, satang: totalWithVat, strong: true },
    ...(withholding
      ? [
          { label: t.withholdingTax, satang: -receipt.withholdingTaxSatang, strong: false },
          { label: t.total, satang: receipt.totalSatang, strong: true },
        ]
      : []),
  ];
  const totalsTop = y;
  for (const { label, satang, strong } of totals) {
    y += strong ? 24 : 19;
    if (strong)
      doc
        .moveTo(RIGHT - 230, y - 15)
        .lineTo(RIGHT, y - 15)
        .lineWidth(0.8)
        .strokeColor(RULE)
        .stroke();
    const style = { weight: (strong ? "bold" : "regular") as Weight, size: strong ? 11.5 : 10.5 };
    line(doc, label, RIGHT - 230, y, style);
    line(doc, formatBaht(satang), cols.amount, y, { ...style, align: "right" });
  }
  line(doc, t.inWords, PAGE.margin + 12, totalsTop + 19, { size: 9.5, color: MUTED });
  paragraph(doc, `(${bahtText(totalWithVat, locale)})`, PAGE.margin + 12, totalsTop + 37, 260, {
    weight: "bold",
    size: 10.5,
  });

  y += 48;
  line(doc, t.received, PAGE.margin + 12, y, { size: 10 });
  line(doc, seller.name, RIGHT - 12, y, { size: 10, align: "right" });
  y += 12;
  line(doc, t.generated, PAGE.margin + 12, y + 6, { size: 8.5, color: MUTED });
  doc.end();
  return done;
}
