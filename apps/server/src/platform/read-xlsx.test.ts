import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { repeatedEntry, sharedStringsBomb } from "../test/xlsx-bombs.ts";
import { FILE_BUDGETS, FileBudgetExceeded } from "./file-budgets.ts";
import { readCsvRows } from "./read-csv.ts";
import { readXlsxRows } from "./read-xlsx.ts";
import { checkWorkbookDirectory } from "./zip-directory.ts";

/** Reads a workbook from memory, counting how many times it was opened. */
async function readAll(file: Buffer) {
  let opened = 0;
  const rows: unknown[] = [];
  const error = await (async () => {
    for await (const row of readXlsxRows(() => {
      opened += 1;
      return Readable.from([file]);
    }))
      rows.push(row);
  })().catch((e: unknown) => e);
  return { rows, opened, error };
}

const budgetOf = (error: unknown) => (error instanceof FileBudgetExceeded ? error.budget : error);

describe("readXlsxRows within the file budgets", () => {
  it("reads a workbook whose shared strings come after the sheet (as Excel stores them) or before it", async () => {
    for (const stringsFirst of [false, true]) {
      const { rows, opened, error } = await readAll(
        sharedStringsBomb({ strings: 3, length: 5, stringsFirst }),
      );
      expect(error).toBeUndefined();
      expect(rows).toEqual([
        ["first_name", "phone_number"],
        ["first_name", 812345678],
      ]);
      // The directory, then the strings and the sheet in one pass, or the strings then the sheet.
      expect(opened).toBe(stringsFirst ? 2 : 3);
    }
  });

  it("refuses the review's 6 MB bomb (5 GB of shared strings) from its directory, inflating nothing", async () => {
    const bomb = sharedStringsBomb({ strings: 500_000, length: 10_000 });
    expect(bomb.length).toBeLessThan(8 * 1024 * 1024);
    const { error, opened } = await readAll(bomb);
    expect(budgetOf(error)).toBe("shared_strings");
    expect(opened).toBe(1);
  });

  it("stops a bomb whose directory lies (1 MB declared) by counting what really inflates", async () => {
    const bomb = sharedStringsBomb({ strings: 5_000_000, length: 1_000, declaredBytes: 1024 * 1024 });
    const { error, opened } = await readAll(bomb);
    expect(budgetOf(error)).toBe("shared_strings");
    expect(opened).toBe(2);
  });

  it("counts the entries it skips as well: a lying theme part is stopped at the inflated budget", async () => {
    // 2 GB of one repeated line behind a directory that declares 1 MB, in a part nobody reads.
    const theme = repeatedEntry("xl/theme/theme1.xml", "<a>", "x".repeat(1024 * 1024), 2048, "</a>");
    const bomb = sharedStringsBomb({
      strings: 1,
      length: 5,
      before: [{ ...theme, declaredBytes: 1024 * 1024 }],
    });
    const { error } = await readAll(bomb);
    expect(budgetOf(error)).toBe("inflated");
  }, 60_000);

  it("refuses a shared string longer than a cell may be, and more shared strings than the budget", async () => {
    const long = await readAll(sharedStringsBomb({ strings: 1, length: FILE_BUDGETS.cellChars + 1 }));
    expect(budgetOf(long.error)).toBe("cell");
    const many = await readAll(
      // Declared small, so the directory passes it and the count stops it.
      sharedStringsBomb({ strings: FILE_BUDGETS.sharedStrings, length: 1, declaredBytes: 1024 * 1024 }),
    );
    expect(budgetOf(many.error)).toBe("shared_strings");
  }, 60_000);

  it("refuses from the directory an entry packed past the ratio, and a total past the inflated budget", () => {
    const refused = (entries: Parameters<typeof checkWorkbookDirectory>[0]) => {
      try {
        checkWorkbookDirectory(entries);
        return undefined;
      } catch (error) {
        return budgetOf(error);
      }
    };
    const sheet = "xl/worksheets/sheet1.xml";
    expect(refused([{ name: sheet, compressedBytes: 50_000, inflatedBytes: 50_000_000 }])).toBe("ratio");
    expect(refused([{ name: sheet, compressedBytes: 20_000_000, inflatedBytes: 600_000_000 }])).toBe(
      "inflated",
    );
    expect(refused([{ name: sheet, compressedBytes: 2_000_000, inflatedBytes: 40_000_000 }])).toBeUndefined();
  });

  it("refuses a CSV cell longer than the budget", async () => {
    const csv = `phone,notes\n0812345678,${randomBytes(FILE_BUDGETS.cellChars).toString("hex")}\n`;
    const error = await (async () => {
      for await (const _row of readCsvRows(Readable.from([Buffer.from(csv)]), "utf-8"));
    })().catch((e: unknown) => e);
    expect(budgetOf(error)).toBe("cell");
  });
});
