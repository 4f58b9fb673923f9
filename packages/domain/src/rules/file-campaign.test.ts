import { describe, expect, it } from "vitest";
import { columnTag, detectFileCampaignLayout } from "./file-campaign.ts";

const tagsOf = (row: string[], phoneColumn?: string) => {
  const layout = detectFileCampaignLayout(row, phoneColumn);
  return (
    layout && {
      header: layout.header,
      phone: layout.phone,
      tags: Object.fromEntries(layout.tags),
      offered: layout.offered,
    }
  );
};

describe("columnTag", () => {
  it("writes a header as a tag name: lower case, other characters as _", () => {
    expect(columnTag("Amount Due")).toBe("amount_due");
    expect(columnTag(" Branch-2 ")).toBe("branch_2");
    expect(columnTag("\uFEFFCode")).toBe("code");
    expect(columnTag("ยอดค้าง")).toBeNull();
    expect(columnTag("2nd")).toBeNull();
    expect(columnTag("")).toBeNull();
  });
});

describe("detectFileCampaignLayout", () => {
  it("finds the phone by its header, names by theirs, and every other header as a tag", () => {
    expect(tagsOf(["ชื่อ", "Amount Due", "เบอร์โทร", "นามสกุล", "ยอด"])).toEqual({
      header: true,
      phone: 2,
      tags: { first_name: 0, last_name: 3, amount_due: 1 },
      offered: ["first_name", "amount_due", "last_name"],
    });
  });

  it("offers a name column by the file's own header, keeping {first_name} for templates (D36)", () => {
    expect(tagsOf(["Name", "Phone", "Branch"])).toEqual({
      header: true,
      phone: 1,
      tags: { first_name: 0, name: 0, branch: 2 },
      offered: ["name", "branch"],
    });
  });

  it("reads a file without a header by position", () => {
    expect(tagsOf(["0812345678"])).toEqual({ header: false, phone: 0, tags: {}, offered: [] });
    expect(tagsOf(["Somchai", "0812345678"])).toEqual({
      header: false,
      phone: 1,
      tags: { first_name: 0 },
      offered: ["first_name"],
    });
    expect(tagsOf(["Somchai", "Jaidee", "0812345678", "x"])).toEqual({
      header: false,
      phone: 2,
      tags: { first_name: 0, last_name: 1 },
      offered: ["first_name", "last_name"],
    });
  });

  it("takes the phone column the caller names (any case), or answers null", () => {
    expect(tagsOf(["Customer", "Number", "Branch"], "number")).toEqual({
      header: true,
      phone: 1,
      tags: { customer: 0, branch: 2 },
      offered: ["customer", "branch"],
    });
    expect(tagsOf(["Customer", "Number"], "Mobile")).toBeNull();
  });

  it("never offers phone_number as a column tag, nor a tag twice", () => {
    expect(tagsOf(["Phone", "Phone Number", "Code", "code"])).toEqual({
      header: true,
      phone: 0,
      tags: { code: 2 },
      offered: ["code"],
    });
  });
});
