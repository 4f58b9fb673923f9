import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DELIVERY_STATUS_CATALOGUE,
  deliveryStatusColour,
  isFinallyUndelivered,
  isMarketingBlock,
  MESSAGE_STATUS_LABELS,
  PENDING_DELIVERY_STATUS,
  resolveDeliveryStatus,
  STATUS_COLOURS,
} from "./delivery-status.ts";

const SPEC_PAIRS: Record<number, string[]> = {
  1: ["000", "001", "002", "003", "004", "005", "006", "010", "503"],
  2: ["001", "005", "100"],
  3: ["000", "001", "100", "200", "201", "300", "301", "302", "303", "304", "305"],
};

describe("DELIVERY_STATUS_CATALOGUE", () => {
  it("holds exactly the spec's pairs plus state 0", () => {
    const pairs = DELIVERY_STATUS_CATALOGUE.map((entry) => `${entry.state}/${entry.code}`);
    const expected = [
      "0/null",
      ...Object.entries(SPEC_PAIRS).flatMap(([state, codes]) => codes.map((code) => `${state}/${code}`)),
    ];
    expect(pairs.sort()).toEqual(expected.sort());
  });

  it("has unique keys and Thai and English labels on every entry", () => {
    const keys = DELIVERY_STATUS_CATALOGUE.map((entry) => entry.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const entry of DELIVERY_STATUS_CATALOGUE) {
      expect(entry.label.en).not.toBe("");
      expect(entry.label.th).toMatch(/[\u0E00-\u0E7F]/);
    }
  });
});

describe("resolveDeliveryStatus", () => {
  it("treats state 0 as processing whatever the code", () => {
    for (const code of [null, "000", "999"]) {
      expect(resolveDeliveryStatus(0, code)).toMatchObject({ state: 0, kind: "processing" });
    }
  });

  it("resolves every catalogued pair to its own entry", () => {
    for (const [state, codes] of Object.entries(SPEC_PAIRS)) {
      for (const code of codes) {
        expect(resolveDeliveryStatus(Number(state), code)).toMatchObject({ state: Number(state), code });
      }
    }
  });

  it.each([
    [1, "000", "processing", "Processing"],
    [1, "006", "failed", "Sender ID not allowed"],
    [1, "503", "failed", "SMS quota exceeded"],
    [2, "100", "failed", "Number blocks marketing messages"],
    [3, "000", "delivered", "Delivered"],
    [3, "303", "failed", "Mobile switched off"],
  ])("state %i code %s is %s (%s)", (state, code, kind, en) => {
    expect(resolveDeliveryStatus(state, code)).toMatchObject({ kind, label: { en } });
  });

  it.each([
    [1, null],
    [1, "007"],
    [2, "000"],
    [3, "5"],
    [3, " 000"],
    [4, "000"],
    [-1, "000"],
    [1.5, "000"],
  ])("falls back to checking status for state %s code %j", (state, code) => {
    expect(resolveDeliveryStatus(state, code)).toBe(PENDING_DELIVERY_STATUS);
  });

  it("never throws and returns a known entry for any pair", () => {
    const known = new Set([...DELIVERY_STATUS_CATALOGUE, PENDING_DELIVERY_STATUS]);
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 10 }),
        fc.option(fc.stringMatching(/^\d{1,3}$/)),
        (state, code) => {
          expect(known.has(resolveDeliveryStatus(state, code))).toBe(true);
        },
      ),
    );
  });

  it("labels the fallback 'checking status' in both languages", () => {
    expect(PENDING_DELIVERY_STATUS).toMatchObject({
      key: "delivery.pending",
      kind: "pending",
      label: { en: "Checking status", th: "กำลังตรวจสอบสถานะ" },
    });
  });
});

describe("colours", () => {
  it("follows the spec: queued yellow, sent blue, delivered green", () => {
    expect(STATUS_COLOURS.processing).toBe("yellow");
    expect(STATUS_COLOURS.sent).toBe("blue");
    expect(STATUS_COLOURS.delivered).toBe("green");
  });

  it("colours catalogue entries by kind", () => {
    expect(deliveryStatusColour(resolveDeliveryStatus(0, null))).toBe("yellow");
    expect(deliveryStatusColour(resolveDeliveryStatus(3, "000"))).toBe("green");
    expect(deliveryStatusColour(resolveDeliveryStatus(3, "303"))).toBe("red");
    expect(deliveryStatusColour(resolveDeliveryStatus(9, "000"))).toBe("gray");
  });
});

describe("MESSAGE_STATUS_LABELS", () => {
  it("has Thai labels for reply, ack, sent, delivered, failed and processing", () => {
    for (const status of ["reply", "ack", "sent", "delivered", "failed", "processing"] as const) {
      expect(MESSAGE_STATUS_LABELS[status].th).toMatch(/[\u0E00-\u0E7F]/);
      expect(MESSAGE_STATUS_LABELS[status].en).not.toBe("");
    }
  });

  it("has a colour for every status", () => {
    expect(Object.keys(STATUS_COLOURS).sort()).toEqual(Object.keys(MESSAGE_STATUS_LABELS).sort());
  });
});

describe("isFinallyUndelivered", () => {
  it("is true for failures only", () => {
    expect(isFinallyUndelivered(resolveDeliveryStatus(3, "001"))).toBe(true);
    expect(isFinallyUndelivered(resolveDeliveryStatus(2, "005"))).toBe(true);
    expect(isFinallyUndelivered(resolveDeliveryStatus(1, "503"))).toBe(true);
    expect(isFinallyUndelivered(resolveDeliveryStatus(3, "000"))).toBe(false);
    expect(isFinallyUndelivered(resolveDeliveryStatus(1, "000"))).toBe(false);
    expect(isFinallyUndelivered(resolveDeliveryStatus(0, null))).toBe(false);
    expect(isFinallyUndelivered(PENDING_DELIVERY_STATUS)).toBe(false);
  });
});

describe("isMarketingBlock", () => {
  it("is true exactly for 2/100, 3/100 and 3/305", () => {
    const blocking = DELIVERY_STATUS_CATALOGUE.filter(isMarketingBlock).map(
      (entry) => `${entry.state}/${entry.code}`,
    );
    expect(blocking.sort()).toEqual(["2/100", "3/100", "3/305"]);
    expect(isMarketingBlock(PENDING_DELIVERY_STATUS)).toBe(false);
  });

  it("counts every marketing block as finally undelivered", () => {
    for (const entry of DELIVERY_STATUS_CATALOGUE.filter(isMarketingBlock)) {
      expect(isFinallyUndelivered(entry)).toBe(true);
    }
  });
});
