import { describe, expect, it } from "vitest";
import { combinePartStatuses, isFinalStatus, statusOfPair, storedStatusColour } from "./message-status.ts";

describe("statusOfPair", () => {
  it("maps catalogue kinds to stored statuses", () => {
    expect(statusOfPair(3, "000")).toBe("delivered");
    expect(statusOfPair(3, "303")).toBe("failed");
    expect(statusOfPair(1, "006")).toBe("failed");
    expect(statusOfPair(1, "000")).toBe("sent");
    expect(statusOfPair(0, null)).toBe("sent");
  });
  it("treats any pair outside the catalogue as checking status", () => {
    expect(statusOfPair(3, "999")).toBe("pending");
    expect(statusOfPair(7, "000")).toBe("pending");
  });
});

describe("combinePartStatuses", () => {
  it("is delivered only when every part is", () => {
    expect(
      combinePartStatuses([
        { state: 3, code: "000" },
        { state: 3, code: "000" },
      ]).status,
    ).toBe("delivered");
    expect(
      combinePartStatuses([
        { state: 3, code: "000" },
        { state: null, code: null },
      ]),
    ).toEqual({
      status: "sent",
      state: 1,
      code: "000",
    });
  });
  it("fails as soon as one part fails, with that part's pair", () => {
    expect(
      combinePartStatuses([
        { state: 3, code: "000" },
        { state: 3, code: "303" },
        { state: null, code: null },
      ]),
    ).toEqual({ status: "failed", state: 3, code: "303" });
  });
  it("keeps an unknown pair as checking status until the rest decide", () => {
    expect(
      combinePartStatuses([
        { state: 3, code: "000" },
        { state: 3, code: "777" },
      ]).status,
    ).toBe("pending");
  });
});

describe("display", () => {
  it("uses the spec's colours and finality", () => {
    expect(storedStatusColour("queued")).toBe("yellow");
    expect(storedStatusColour("sent")).toBe("blue");
    expect(storedStatusColour("delivered")).toBe("green");
    expect(isFinalStatus("failed")).toBe(true);
    expect(isFinalStatus("pending")).toBe(false);
  });
});
