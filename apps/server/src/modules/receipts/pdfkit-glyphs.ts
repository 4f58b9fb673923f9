import type PDFDocument from "pdfkit";

/**
 * The one place that reaches into pdfkit's internals (review P9, ADR 83). pdfkit has no public way
 * to record glyphs in the selected font's subset and ToUnicode map without drawing them: the
 * selected font is `doc._font` (pdfkit 0.20), and its `encode(text)` records every glyph the text
 * shapes to, as `doc.text` does, without putting anything on the page. `pdfkit-glyphs.test.ts` is the
 * upgrade canary: it fails when that field or method goes, and when pdfkit's own ToUnicode map
 * stops needing this (then the primer can go).
 */
type Doc = InstanceType<typeof PDFDocument>;

interface PdfkitFont {
  encode(text: string): unknown;
}

/** Records the glyphs of `text` in the document's current font without drawing them. */
export function recordGlyphs(doc: Doc, text: string): void {
  const font = (doc as unknown as { _font?: Partial<PdfkitFont> })._font;
  if (typeof font?.encode !== "function") {
    throw new Error("pdfkit changed: the selected font (doc._font) has no encode(); see ADR 83");
  }
  font.encode(text);
}
