import { PDU } from "smpp";
import { describe, expect, it } from "vitest";
import { shortMessageText } from "./pdu-fields.ts";
import { encodeSubmitSm } from "./wire.ts";

describe("short_message guard", () => {
  it("the package's encoder throws on a null short_message; ours writes an empty one", () => {
    expect(() => new PDU("deliver_sm", { short_message: null }).toBuffer()).toThrow(TypeError);
    const encoded = encodeSubmitSm({
      sourceTon: 5,
      sourceNpi: 0,
      source: "SMSPortal",
      destTon: 1,
      destNpi: 1,
      destination: "66812345678",
      esmClass: 0,
      registeredDelivery: 1,
      dataCoding: 0,
      shortMessage: new Uint8Array(0),
    });
    expect(shortMessageText(new PDU(encoded))).toBe("");
  });

  it("reads absent, decoded and payload-only messages without throwing", () => {
    expect(shortMessageText(new PDU("deliver_sm", {}))).toBe("");
    const payloadOnly = new PDU(
      new PDU("deliver_sm", {
        short_message: Buffer.alloc(0),
        message_payload: Buffer.from("id:1 stat:DELIVRD"),
      }).toBuffer(),
    );
    expect(shortMessageText(payloadOnly)).toBe("id:1 stat:DELIVRD");
  });
});
