import { PDU } from "smpp";
import { describe, expect, it } from "vitest";
import { shortMessageText, wireShortMessage } from "./pdu-fields.ts";

describe("short_message guard", () => {
  it("the package's encoder throws on a null short_message; ours always passes a Buffer", () => {
    expect(() => new PDU("deliver_sm", { short_message: null }).toBuffer()).toThrow(TypeError);
    const encoded = new PDU("deliver_sm", { short_message: wireShortMessage(null) }).toBuffer();
    const decoded = new PDU(encoded);
    expect(shortMessageText(decoded)).toBe("");
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
