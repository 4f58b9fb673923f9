// A valid XLSX whose shared strings inflate to gigabytes (the review's S4-7 bomb), built without
// ever holding the inflated text: one block of strings is deflated once with a full flush (so it
// references nothing before it) and repeated; the CRC is computed over the repeats.
import { constants, crc32, deflateRawSync } from "node:zlib";

interface Entry {
  name: string;
  /** Deflated pieces, concatenated in order; the last one ends the stream. */
  pieces: Buffer[];
  size: number;
  crc: number;
}

function entry(name: string, text: string): Entry {
  const raw = Buffer.from(text);
  return { name, pieces: [deflateRawSync(raw)], size: raw.length, crc: crc32(raw) };
}

/**
 * `strings` shared strings of `length` × "A" each (default 400,000 × 10,000: 4 GB, under the
 * 4 GiB a zip without ZIP64 can declare), and a sheet of `rows` rows using them.
 */
export function xlsxBomb(options: { strings?: number; length?: number; rows?: number } = {}): Buffer {
  const strings = options.strings ?? 400_000;
  const length = options.length ?? 10_000;
  const rows = options.rows ?? 1_000;
  const perBlock = 1_000;
  if (strings % perBlock !== 0) throw new Error("strings must be a multiple of 1,000");

  const head = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings}" uniqueCount="${strings}">`,
  );
  const block = Buffer.from(`<si><t>${"A".repeat(length)}</t></si>`.repeat(perBlock));
  const tail = Buffer.from("</sst>");
  const flush = { finishFlush: constants.Z_FULL_FLUSH };
  const blockDeflated = deflateRawSync(block, flush);
  const pieces = [deflateRawSync(head, flush)];
  let crc = crc32(head);
  for (let i = 0; i < strings / perBlock; i += 1) {
    pieces.push(blockDeflated);
    crc = crc32(block, crc);
  }
  pieces.push(deflateRawSync(tail));
  crc = crc32(tail, crc);
  const shared: Entry = {
    name: "xl/sharedStrings.xml",
    pieces,
    size: head.length + block.length * (strings / perBlock) + tail.length,
    crc,
  };
  if (shared.size > 0xffff_ffff) throw new Error("too big for a zip without ZIP64");

  const sheetRows = Array.from(
    { length: rows },
    (_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="s"><v>${i % strings}</v></c></row>`,
  ).join("");
  const entries = [
    entry(
      "[Content_Types].xml",
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    ),
    entry(
      "_rels/.rels",
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    entry(
      "xl/workbook.xml",
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    entry(
      "xl/_rels/workbook.xml.rels",
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    shared,
    entry(
      "xl/worksheets/sheet1.xml",
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
    ),
  ];
  return zip(entries);
}

function zip(entries: Entry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const compressed = e.pieces.reduce((sum, piece) => sum + piece.length, 0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(0, 10);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(compressed, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    parts.push(local, name, ...e.pieces);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0, 8);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(0, 12);
    header.writeUInt32LE(e.crc >>> 0, 16);
    header.writeUInt32LE(compressed, 20);
    header.writeUInt32LE(e.size, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    central.push(header, name);
    offset += 30 + name.length + compressed;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}
