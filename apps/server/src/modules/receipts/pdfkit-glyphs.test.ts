import { readFileSync } from "node:fs";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import { recordGlyphs } from "./pdfkit-glyphs.ts";

// Upgrade canary for the one use of pdfkit's internals (ADR 83): a new pdfkit either keeps `_font`
// and its ToUnicode behaviour, or this file says what changed.

const thaiFont = readFileSync(new URL("../../../assets/fonts/NotoSansThai-Regular.ttf", import.meta.url));

/** A one-page PDF with `text` in Noto Sans Thai, after `before` ran on the document. */
function pdfOf(text: string, before: (doc: InstanceType<typeof PDFDocument>) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4" });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  doc.registerFont("thai", thaiFont);
  doc.font("thai").fontSize(12);
  before(doc);
  doc.text(text, 50, 50);
  doc.end();
  return done;
}

/** What a PDF reader copies from the page (pdf.js through the font's ToUnicode map), NFKC. */
async function readBack(pdf: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const content = await (await document.getPage(1)).getTextContent();
  await document.destroy();
  return content.items
    .map((item) => ("str" in item ? item.str : ""))
    .join("")
    .normalize("NFKC");
}

// "ทำนา": sara am (ำ) is drawn as the glyphs of nikhahit (ํ) and sara aa (า); sara aa comes again in "นา".
const WORD = "ทำนา";

describe("pdfkit's selected font (doc._font.encode)", () => {
  it("still maps a glyph to the first text drawn with it, so sara am first loses the later sara aa", async () => {
    // When this fails, pdfkit's ToUnicode map has learnt to share a glyph: the primer can go.
    expect(await readBack(await pdfOf(WORD, () => {}))).not.toBe(WORD.normalize("NFKC"));
  });

  it("records glyphs without drawing them, which fixes the reading", async () => {
    const pdf = await pdfOf(WORD, (doc) => recordGlyphs(doc, "\u0E4D \u0E32"));
    expect(await readBack(pdf)).toBe(WORD.normalize("NFKC"));
  });

  it("draws nothing for the recorded text", async () => {
    const pdf = await pdfOf("", (doc) => recordGlyphs(doc, "กขค"));
    expect(await readBack(pdf)).toBe("");
  });

  it("fails loudly when the document has no such font object", () => {
    expect(() => recordGlyphs({} as InstanceType<typeof PDFDocument>, "ก")).toThrow(/pdfkit changed/);
  });
});
