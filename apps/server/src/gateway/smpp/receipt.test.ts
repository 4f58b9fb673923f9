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

  it("reads the canonical form as the general reading does, and leaves anything else to it", () => {
    const canonical = (fields: Record<string, string>) =>
      `id:${fields.id} sub:${fields.sub} dlvrd:${fields.dlvrd} submit date:${fields.submit} done date:${fields.done} stat:${fields.stat} err:${fields.err} text:${fields.text}`;
    const base = {
      id: "1a2b",
      sub: "001",
      dlvrd: "001",
      submit: "2511291200",
      done: "2511291201",
      stat: "DELIVRD",
      err: "000",
      text: "",
    };
    const variants: Record<string, string>[] = [
      base,
      { ...base, stat: "undeliv", err: "001", text: "  Hello stat:no err:9 " },
      { ...base, sub: "", dlvrd: "" },
      { ...base, id: "0" },
      // Not plain: a value with a space, a comma, a colon or a key in it.
      { ...base, id: "ab cd" },
      { ...base, id: "ab,err:5" },
      { ...base, submit: "25-11-29" },
      { ...base, err: "000 text:x" },
    ];
    const inputs = [
      ...variants.map(canonical),
      "id:7 sub:001 dlvrd:001 submit date:1 done date:2 stat:DELIVRD err:000",
      "id:7  sub:001 dlvrd:001 submit date:1 done date:2 stat:DELIVRD err:000 text:",
      "ID:7 sub:001 dlvrd:001 submit date:1 done date:2 stat:DELIVRD err:000 text:",
      "id:7 sub:001 dlvrd:001 submit_date:1 done date:2 stat:DELIVRD err:000 text:x",
      "id:7 dlvrd:001 sub:001 submit date:1 done date:2 stat:DELIVRD err:000 text:x",
    ];
    for (const input of inputs) {
      // The general reading alone: prefixing a space keeps the fast path out and changes no field.
      expect(parseReceiptText(input), input).toEqual(parseReceiptText(` ${input}`));
    }
    expect(parseReceiptText(canonical(variants[1]!))).toMatchObject({
      stat: "UNDELIV",
      err: "001",
      text: "Hello stat:no err:9",
    });
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
