import type { ContactImportTemplateFormat } from "@sms/domain";
import { CONTACT_IMPORT_HEADER } from "@sms/domain/rules/contact-import";
import ExcelJS from "exceljs";

/** Example rows of the template: a Thai and an English name, numbers in the local form. */
const EXAMPLES = [
  ["สมชาย", "ใจดี", "0812345678"],
  ["John", "Smith", "0898765432"],
] as const;

export interface TemplateFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

/**
 * The import template (issue 11 point 2): the header row the importer reads first and two example
 * rows. The CSV starts with a UTF-8 BOM so Excel opens the Thai names correctly; in the XLSX the
 * phone column is text, so Excel keeps the leading zero.
 */
export async function importTemplate(format: ContactImportTemplateFormat): Promise<TemplateFile> {
  if (format === "csv") {
    const lines = [CONTACT_IMPORT_HEADER, ...EXAMPLES].map((row) => row.join(","));
    return {
      body: Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`, "utf8"),
      contentType: "text/csv; charset=utf-8",
      fileName: "contacts-template.csv",
    };
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("contacts");
  sheet.columns = CONTACT_IMPORT_HEADER.map((header) => ({ header, key: header, width: 20 }));
  sheet.getColumn(3).numFmt = "@";
  for (const row of EXAMPLES) sheet.addRow([...row]);
  return {
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    fileName: "contacts-template.xlsx",
  };
}
