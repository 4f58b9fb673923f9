/**
 * Writes a sample receipt / tax invoice (juristic buyer, Thai and English) to .tmp/ as PDF and PNG,
 * so a person can look at how the Thai text came out: `npx tsx apps/server/scripts/render-receipt.ts`.
 *
 * The PNG comes from pdf.js drawing the PDF in Debian's chromium (the one the e2e tests use), so
 * no native PDF tool is needed; poppler's pdftoppm gives the same picture where it is installed.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { cartTotals, type Locale } from "@sms/domain";
import { chromium } from "playwright";
import { loadConfig } from "../src/config.ts";
import { type ReceiptDocument, renderReceiptPdf } from "../src/modules/receipts/receipt-pdf.ts";
import { sellerOf } from "../src/modules/receipts/seller.ts";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const out = join(repoRoot, ".tmp");
const pdfjsRoot = dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));

const config = loadConfig({ NODE_ENV: "test", JWT_SECRET: "render-receipt-script-secret-0123456789" });
const totals = cartTotals(535_000_00, { juristic: true });

const sample = (locale: Locale): ReceiptDocument => ({
  documentNumber: "RC2026-000042",
  issuedAt: new Date("2026-11-23T08:30:00Z"),
  seller: sellerOf(config, locale),
  buyer: {
    juristic: true,
    // The hard cases of Thai mark placement: a tone mark over sara am (น้ำ), marks beside the tall
    // ป ฝ ฟ (ปั๊ม ฟ้า), and vowels under ญ and ฐ, whose tails the font must drop (ญู ฐุ).
    name: locale === "th" ? "บริษัท น้ำฟ้าปั๊ม ญี่ปุ่น ฐุญู ฎีกา จำกัด (มหาชน)" : "Example Trading Public Co., Ltd.",
    taxId: "0105561123458",
    branch: "00001",
    address:
      locale === "th"
        ? "เลขที่ 1 ซอยสุขุมวิท 21 (อโศก) แขวงคลองเตยเหนือ เขตวัฒนา กรุงเทพมหานคร 10110"
        : "1 Soi Sukhumvit 21 (Asok), Khlong Toei Nuea, Watthana, Bangkok 10110",
  },
  line: { packageName: "Enterprise", credits: 2_500_000, months: 24 },
  subTotalSatang: totals.subTotal,
  vatSatang: totals.vat,
  withholdingTaxSatang: totals.withholdingTax,
  totalSatang: totals.total,
});

const PAGE_HTML = `<!doctype html><meta charset="utf-8"><body style="margin:0"><canvas id="page"></canvas>
<script type="module">
  import * as pdfjs from "/pdfjs/build/pdf.min.mjs";
  pdfjs.GlobalWorkerOptions.workerSrc = "/pdfjs/build/pdf.worker.min.mjs";
  const data = new Uint8Array(await (await fetch("/receipt.pdf")).arrayBuffer());
  const pdf = await pdfjs.getDocument({ data, standardFontDataUrl: "/pdfjs/standard_fonts/" }).promise;
  const page = await pdf.getPage(1);
  const viewport = page.getViewport({ scale: 2 });
  const canvas = document.getElementById("page");
  canvas.width = viewport.width;
  canvas.height = viewport.height;
  await page.render({ canvas, viewport }).promise;
  window.rendered = canvas.toDataURL("image/png");
</script>`;

/** The first page of a PDF as a PNG, 2× scale. */
export async function pdfToPng(pdf: Buffer): Promise<Buffer> {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
  try {
    const page = await browser.newPage();
    await page.route("http://render.local/**", async (route) => {
      const { pathname } = new URL(route.request().url());
      if (pathname === "/") return route.fulfill({ contentType: "text/html", body: PAGE_HTML });
      if (pathname === "/receipt.pdf") return route.fulfill({ contentType: "application/pdf", body: pdf });
      if (pathname.startsWith("/pdfjs/") && !pathname.includes("..")) {
        const file = join(pdfjsRoot, pathname.slice("/pdfjs/".length));
        const type = file.endsWith(".mjs") ? "text/javascript" : "application/octet-stream";
        return route.fulfill({ contentType: type, body: readFileSync(file) });
      }
      return route.fulfill({ status: 404, body: "" });
    });
    await page.goto("http://render.local/");
    const dataUrl = (await page
      .waitForFunction(() => (globalThis as { rendered?: string }).rendered, undefined, {
        timeout: 30_000,
      })
      .then((handle) => handle.jsonValue())) as string;
    return Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ""), "base64");
  } finally {
    await browser.close();
  }
}

mkdirSync(out, { recursive: true });
for (const locale of ["th", "en"] as const) {
  const pdf = await renderReceiptPdf(sample(locale), locale);
  const pdfPath = join(out, `receipt-sample-${locale}.pdf`);
  const pngPath = join(out, `receipt-sample-${locale}.png`);
  writeFileSync(pdfPath, pdf);
  writeFileSync(pngPath, await pdfToPng(pdf));
  console.log(`${pdfPath}\n${pngPath}`);
}
