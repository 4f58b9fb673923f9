import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * Workbooks for the file-budget tests (review S4-7), written by a small zip writer so a test can
 * make the directory say what it likes. An entry's body is deflate blocks: a part compressed once
 * with a full flush decodes the same wherever it stands, so repeating it `times` times makes an
 * entry of gigabytes from a few megabytes in milliseconds.
 */
interface Deflated {
  data: Buffer;
  inflatedBytes: number;
  crc: number;
}

/** One part of an entry: `text` deflated, ending on a byte boundary with no final block. */
export function deflated(text: string | Buffer): Deflated {
  const raw = Buffer.isBuffer(text) ? text : Buffer.from(text);
  return {
    data: deflateRawSync(raw, { finishFlush: constants.Z_FULL_FLUSH }),
    inflatedBytes: raw.length,
    crc: crc32(raw),
  };
}

/** The final (empty, fixed-Huffman) block that ends a deflate stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

function u16(value: number) {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(value);
  return b;
}
function u32(value: number) {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(Math.min(value, 0xffffffff));
  return b;
}

export interface ZipInput {
  name: string;
  body: Buffer;
  inflatedBytes: number;
  declaredBytes?: number;
  crc?: number;
}

/**
 * A zip of `entries`, deflated; sizes past 4 GB are written saturated with a zip64 extra field.
 * `crc` is that of the whole inflated entry when the caller knows it (valid workbooks); a bomb's
 * reader is stopped before the CRC matters.
 */
export function zipOf(entries: ZipInput[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const declared = entry.declaredBytes ?? entry.inflatedBytes;
    const zip64 = declared > 0xfffffffe;
    const extra = zip64
      ? Buffer.concat([u16(1), u16(16), bigU64(declared), bigU64(entry.body.length)])
      : Buffer.alloc(0);
    const common = Buffer.concat([
      u16(zip64 ? 45 : 20),
      u16(0),
      u16(8),
      u16(0),
      u16(0x21),
      u32(entry.crc ?? 0),
      u32(zip64 ? 0xffffffff : entry.body.length),
      u32(zip64 ? 0xffffffff : declared),
      u16(name.length),
      u16(extra.length),
    ]);
    const local = Buffer.concat([u32(0x04034b50), common, name, extra, entry.body]);
    central.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(zip64 ? 45 : 20),
        common,
        u16(0),
        u16(0),
        u16(0),
        u32(0),
        u32(offset),
        name,
        extra,
      ]),
    );
    locals.push(local);
    offset += local.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(entries.length),
    u16(entries.length),
    u32(directory.length),
    u32(offset),
    u16(0),
  ]);
  return Buffer.concat([...locals, directory, end]);
}

function bigU64(value: number) {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(value));
  return b;
}

/** An entry whose inflated text is `text`, whole (a valid entry with its CRC). */
export function plainEntry(name: string, text: string) {
  const part = deflated(text);
  return {
    name,
    body: Buffer.concat([part.data, FINAL_BLOCK]),
    inflatedBytes: part.inflatedBytes,
    crc: part.crc,
  };
}

/** An entry of `head`, then `middle` repeated `times` times, then `tail`. */
export function repeatedEntry(name: string, head: string, middle: string, times: number, tail: string) {
  const [a, b, c] = [deflated(head), deflated(middle), deflated(tail)];
  const body = Buffer.concat([a.data, ...Array<Buffer>(times).fill(b.data), c.data, FINAL_BLOCK]);
  return { name, body, inflatedBytes: a.inflatedBytes + b.inflatedBytes * times + c.inflatedBytes };
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;
/** Two rows: a header of shared strings 0 and 1, then shared string 0 and a phone number. */
const SHEET = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2"><v>812345678</v></c></row></sheetData></worksheet>`;

export interface BombOptions {
  /** Shared strings after the two header texts. */
  strings: number;
  /** Characters of each (the review's bomb: 500,000 strings of 10,000 × "A", 5 GB). */
  length: number;
  /** What the directory declares for the shared strings; the truth when left out. */
  declaredBytes?: number;
  /** Shared strings stored before the sheet (Excel stores them after). */
  stringsFirst?: boolean;
  /** Entries stored before the workbook's own (another part of it, say). */
  before?: ZipInput[];
}

/**
 * A valid workbook whose `xl/sharedStrings.xml` holds `strings` strings of `length` × "A" after a
 * header of `first_name` and `phone_number`; the sheet has one data row.
 */
export function sharedStringsBomb({
  strings,
  length,
  declaredBytes,
  stringsFirst,
  before = [],
}: BombOptions): Buffer {
  const perPart = Math.max(1, Math.min(strings, Math.floor((1024 * 1024) / (length + 20))));
  const item = `<si><t>${"A".repeat(length)}</t></si>`;
  const shared = repeatedEntry(
    "xl/sharedStrings.xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings + 2}" uniqueCount="${strings + 2}"><si><t>first_name</t></si><si><t>phone_number</t></si>`,
    item.repeat(perPart),
    Math.ceil(strings / perPart),
    "</sst>",
  );
  const sharedEntry = { ...shared, ...(declaredBytes === undefined ? {} : { declaredBytes }) };
  const sheet = plainEntry("xl/worksheets/sheet1.xml", SHEET);
  return zipOf([
    plainEntry("[Content_Types].xml", CONTENT_TYPES),
    ...before,
    plainEntry("_rels/.rels", RELS),
    plainEntry("xl/workbook.xml", WORKBOOK),
    plainEntry("xl/_rels/workbook.xml.rels", WORKBOOK_RELS),
    ...(stringsFirst ? [sharedEntry, sheet] : [sheet, sharedEntry]),
  ]);
}
