import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { schema } from "@sms/db";
import { UPLOAD_KINDS } from "@sms/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  CSV_TEXT,
  EXE,
  type FormPart,
  HTML,
  JPEG,
  listFiles,
  multipartBody,
  PNG,
  pdf,
  tis620,
  WEBP,
  xlsx,
  zip,
} from "../test/files.ts";
import { createTenant, type TestTenant } from "../test/tenants.ts";
import { createTestApp, type TestContext } from "../test/test-app.ts";
import { displayName } from "./upload.ts";

let t: TestContext;
let dataDir: string;
let tenant: TestTenant;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "sms-upload-"));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  tenant = await createTenant(t);
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const uploadsDir = () => join(dataDir, "uploads");

async function fileRows() {
  return t.db.select().from(schema.files).where(eq(schema.files.organizationId, tenant.organizationId));
}

function upload(kind: string | null, parts: FormPart[], locale = "en") {
  const { payload, headers } = multipartBody(parts);
  return t.app.inject({
    method: "POST",
    url: kind ? `/api/v1/c/files?kind=${kind}` : "/api/v1/c/files",
    headers: { ...tenant.headers, ...headers, "accept-language": locale },
    payload,
  });
}

const file = (filename: string, data: Buffer, contentType?: string): FormPart => ({
  name: "file",
  filename,
  data,
  ...(contentType ? { contentType } : {}),
});

/** Asserts a refusal left neither a stored object nor a row. */
async function expectNothingStored(rowsBefore: number, filesBefore: number) {
  expect((await fileRows()).length).toBe(rowsBefore);
  expect((await listFiles(uploadsDir())).length).toBe(filesBefore);
}

let rowsBefore = 0;
let filesBefore = 0;
beforeEach(async () => {
  rowsBefore = (await fileRows()).length;
  filesBefore = (await listFiles(uploadsDir())).length;
});

describe("type sniffing", () => {
  it("types a file by its content, not by the type the browser sent", async () => {
    const res = await upload("payment_proof", [file("slip.png", PNG, "application/pdf")]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ kind: "payment_proof", mime: "image/png", size: PNG.length });
    const [row] = await t.db.select().from(schema.files).where(eq(schema.files.id, res.json().data.id));
    expect(row).toMatchObject({ mime: "image/png", extension: "png", originalName: "slip.png" });
    // A name without a known extension leaves the decision to the content.
    expect((await upload("payment_proof", [file("slip", PNG)])).statusCode).toBe(201);
  });

  it("refuses a file whose name claims another type than its content, even one the kind takes", async () => {
    const before = { rows: (await fileRows()).length, files: (await listFiles(uploadsDir())).length };
    const pngAsPdf = await upload("payment_proof", [file("slip.pdf", PNG, "application/pdf")]);
    expect(pngAsPdf.statusCode).toBe(400);
    expect(pngAsPdf.json().error.message).toBe("Please add image or pdf file!");
    await expectNothingStored(before.rows, before.files);
  });

  it("refuses the same disguised PNG where only spreadsheets are allowed", async () => {
    const res = await upload("contact_import", [file("contacts.csv", PNG, "text/csv")]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: "VALIDATION",
      message: "Unsupported file format",
      details: [{ path: "file", message: "Unsupported file format" }],
    });
    await expectNothingStored(rowsBefore, filesBefore);
  });

  it.each([
    ["an EXE", EXE],
    ["an HTML page", HTML],
    ["binary without magic bytes", Buffer.from([0x70, 0x68, 0x6f, 0x6e, 0x65, 0x00, 0x01, 0x02, 0x0a])],
    ["a zip that is not a workbook", zip([{ name: "readme.txt", data: Buffer.from("0812345678") }])],
    ["a PDF", pdf()],
  ])("refuses %s disguised as .csv with text/csv", async (_label, data) => {
    const res = await upload("contact_import", [file("contacts.csv", data, "text/csv")]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Unsupported file format");
    await expectNothingStored(rowsBefore, filesBefore);
  });

  it("answers the refusal in Thai by default", async () => {
    const res = await upload("file_campaign", [file("campaign.csv", EXE)], "th");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("ไม่รองรับรูปแบบไฟล์นี้");
  });

  it.each([
    ["UTF-8 with BOM", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(CSV_TEXT)])],
    ["UTF-8 without BOM", Buffer.from(CSV_TEXT)],
    ["TIS-620", tis620("phone,first_name\r\n0812345678,สมชาย\r\n0898765432,สมศรี\r\n")],
  ])("accepts CSV in %s, whatever its name", async (_label, data) => {
    const res = await upload("contact_import", [file("รายชื่อ.txt", data, "application/octet-stream")]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      mime: "text/csv",
      size: data.length,
      original_name: "รายชื่อ.txt",
    });
  });

  it("accepts XLSX, also when [Content_Types].xml comes after a large sheet", async () => {
    const small = await upload("contact_import", [file("contacts.xlsx", xlsx([["phone"], ["0812345678"]]))]);
    expect(small.statusCode).toBe(201);
    expect(small.json().data.mime).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");

    const rows = Array.from({ length: 6000 }, (_, i) => [`08${String(i).padStart(8, "0")}`, `${i * 7919}`]);
    const late = xlsx(rows, { contentTypesLast: true });
    expect(late.length).toBeGreaterThan(64 * 1024);
    const res = await upload("file_campaign", [file("export.xlsx", late)]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ kind: "file_campaign", size: late.length });
  });

  it("takes only the kind's types: WebP is a payment proof but not sender evidence", async () => {
    expect((await upload("payment_proof", [file("slip.webp", WEBP)])).statusCode).toBe(201);
    expect((await upload("payment_proof", [file("slip.jpg", JPEG)])).json().data.mime).toBe("image/jpeg");
    rowsBefore = (await fileRows()).length;
    filesBefore = (await listFiles(uploadsDir())).length;
    const res = await upload("sender_evidence", [file("id-card.webp", WEBP, "image/png")]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Please add a .pdf, .png or .jpg file!");
    await expectNothingStored(rowsBefore, filesBefore);
  });

  it("refuses a CSV where an image or PDF is expected, with the spec's message", async () => {
    const res = await upload("payment_proof", [file("slip.png", Buffer.from(CSV_TEXT), "image/png")]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Please add image or pdf file!");
  });
});

describe("size cap", () => {
  const cap = UPLOAD_KINDS.sender_evidence.maxBytes;

  it("accepts a file of exactly the cap", async () => {
    const res = await upload("sender_evidence", [file("company.pdf", pdf(cap))]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.size).toBe(cap);
  });

  it("answers 413 past the cap and keeps no object and no row", async () => {
    const res = await upload("sender_evidence", [file("company.pdf", pdf(cap + 1))]);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message: "The file must not be larger than 5 MB.",
    });
    await expectNothingStored(rowsBefore, filesBefore);
    expect(await listFiles(uploadsDir())).not.toContainEqual(expect.stringContaining(".partial"));
  });

  it("answers 413 over HTTP while the client is still sending, before the body ends", async () => {
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { payload, headers } = multipartBody([file("company.pdf", pdf(cap + 64 * 1024))]);
    // Everything but the last 32 KB of the file is sent; the request is never finished.
    const sent = payload.subarray(0, payload.length - 32 * 1024 - 200);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${address}/api/v1/c/files?kind=sender_evidence`, {
        method: "POST",
        headers: { ...tenant.headers, ...headers, "content-length": String(payload.length) },
      });
      req.on("response", (res) => {
        resolve(res.statusCode ?? 0);
        res.resume();
        req.destroy();
      });
      req.on("error", reject);
      req.write(sent);
    });
    expect(status).toBe(413);
    await expectNothingStored(rowsBefore, filesBefore);
  });

  it("words the cap in Thai", async () => {
    const res = await upload("sender_evidence", [file("company.pdf", pdf(cap + 10))], "th");
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe("ไฟล์ต้องมีขนาดไม่เกิน 5 MB");
  });
});

describe("missing or extra files", () => {
  it("answers the spec's message when the form has no file", async () => {
    const res = await upload("contact_import", [{ name: "note", value: "no file here" }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: "VALIDATION",
      message: "Please add file .csv or .xls file!",
      details: [{ path: "file", message: "Please add file .csv or .xls file!" }],
    });
  });

  it("treats an empty file input (no name, no bytes) as no file", async () => {
    const res = await upload("payment_proof", [file("", Buffer.alloc(0))]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Please add image or pdf file!");
    await expectNothingStored(rowsBefore, filesBefore);
  });

  it("answers the kind's message to a request that is not multipart", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/files?kind=payment_proof",
      headers: { ...tenant.headers, "accept-language": "en" },
      payload: { file: "iVBORw0KGgo=" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Please add image or pdf file!");
  });

  it("ignores a file sent under another field name", async () => {
    const res = await upload("payment_proof", [{ name: "attachment", filename: "slip.png", data: PNG }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Please add image or pdf file!");
    await expectNothingStored(rowsBefore, filesBefore);
  });

  it("refuses a second file and removes the first", async () => {
    const res = await upload("payment_proof", [file("a.png", PNG), file("b.png", PNG)]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Please add one file at a time.");
    await expectNothingStored(rowsBefore, filesBefore);
  });
});

describe("kind", () => {
  it("reads the kind from a form field sent before the file", async () => {
    const res = await upload(null, [{ name: "kind", value: "sender_evidence" }, file("id.jpg", JPEG)]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.kind).toBe("sender_evidence");
  });

  it("refuses an unknown kind, or a kind sent after the file, before storing anything", async () => {
    const unknown = await upload("avatar", [file("me.png", PNG)]);
    expect(unknown.statusCode).toBe(400);
    const late = await upload(null, [file("id.jpg", JPEG), { name: "kind", value: "sender_evidence" }]);
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toMatchObject({
      message: "Please choose what the file is for.",
      details: [{ path: "kind", message: "Please choose what the file is for." }],
    });
    await expectNothingStored(rowsBefore, filesBefore);
  });
});

describe("renaming", () => {
  it("stores under a server-made key; a path-traversal name is only display text", async () => {
    const res = await upload("payment_proof", [file("../../etc/passwd", PNG, "image/png")]);
    expect(res.statusCode).toBe(201);
    const { id, original_name } = res.json().data;
    expect(original_name).toBe("passwd");
    const [row] = await t.db.select().from(schema.files).where(eq(schema.files.id, id));
    expect(row?.storageKey).toBe(`payment_proof/${id.slice(0, 2)}/${id}`);
    expect(row?.storageKey).not.toContain("passwd");
    expect(row).toMatchObject({
      organizationId: tenant.organizationId,
      uploadedBy: tenant.userId,
      sizeBytes: PNG.length,
      sha256: createHash("sha256").update(PNG).digest("hex"),
    });
    const stored = await readFile(join(uploadsDir(), row?.storageKey ?? "missing"));
    expect(stored.equals(PNG)).toBe(true);
    expect((await listFiles(dataDir)).every((path) => path.startsWith(uploadsDir()))).toBe(true);
  });

  it("makes display names harmless", () => {
    expect(displayName("..\\..\\windows\\system.ini")).toBe("system.ini");
    expect(displayName("invoice\u202Egpj.exe")).toBe("invoicegpj.exe");
    expect(displayName("..")).toBe("file");
    expect(displayName(undefined)).toBe("file");
    expect(displayName("ใบเสร็จ\u0000\n.pdf")).toBe("ใบเสร็จ.pdf");
    expect(Array.from(displayName("ก".repeat(500)))).toHaveLength(200);
  });
});
