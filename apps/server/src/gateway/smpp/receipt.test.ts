import { describe, expect, it } from "vitest";
import { isFinalStat, parseReceiptText, statFromMessageState } from "./receipt.ts";

describe("parseReceiptText", () => {
  it("reads every field of the usual receipt", () => {
    const r = parseReceiptText(
      "id:0123456789 sub:001 dlvrd:001 submit date:2501011200 done date:2501011201 stat:DELIVRD err:000 text:Hello id:x stat:no",
    );
    expect(r).toEqual({
      id: "0123456789",
      sub: "001",
      dlvrd: "001",
      submitDate: "2501011200",
      doneDate: "2501011201",
      statText: "DELIVRD",
      stat: "DELIVRD",
      err: "000",
      text: "Hello id:x stat:no",
    });
  });

  it("is case-insensitive and tolerates missing and reordered fields", () => {
    expect(parseReceiptText("Stat:undeliv ID:ab12 Err:005")).toEqual({
      statText: "UNDELIV",
      stat: "UNDELIV",
      id: "ab12",
      err: "005",
    });
    expect(parseReceiptText("id:42 Submit_Date:2501011200 stat:delivered")).toMatchObject({
      id: "42",
      submitDate: "2501011200",
      stat: "DELIVRD",
    });
    expect(parseReceiptText("")).toEqual({});
    expect(parseReceiptText("id:7 stat:WEIRD")).toEqual({ id: "7", statText: "WEIRD" });
  });

  it("maps message_state TLV values and final states", () => {
    expect(statFromMessageState(2)).toBe("DELIVRD");
    expect(statFromMessageState(5)).toBe("UNDELIV");
    expect(statFromMessageState(8)).toBe("REJECTD");
    expect(statFromMessageState(9)).toBeUndefined();
    expect(isFinalStat("DELIVRD")).toBe(true);
    expect(isFinalStat("ENROUTE")).toBe(false);
  });
});
