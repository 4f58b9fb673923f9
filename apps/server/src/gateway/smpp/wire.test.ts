import { createServer, type Server, type Socket } from "node:net";
import { splitForWire } from "@sms/domain";
import { PDU } from "smpp";
// The package's tables (no types): the GSM-7 alphabet our fast receipt decoder relies on.
// @ts-expect-error the package ships no types for its definitions
import * as defs from "smpp/lib/defs.js";
import { afterEach, describe, expect, it } from "vitest";
import { wirePdus } from "./udh.ts";
import {
  CMD,
  decodeReceipt,
  decodeWithPackage,
  encodeResponse,
  encodeSubmitSm,
  plainGsmOctets,
  SmppLink,
  type SubmitSmFields,
  setSequence,
  submitRespMessageId,
} from "./wire.ts";

/** The same submit_sm through the package's encoder. */
function packageSubmitSm(f: SubmitSmFields, sequence: number, tlvs: Record<string, unknown> = {}): Buffer {
  return new PDU("submit_sm", {
    sequence_number: sequence,
    source_addr_ton: f.sourceTon,
    source_addr_npi: f.sourceNpi,
    source_addr: f.source,
    dest_addr_ton: f.destTon,
    dest_addr_npi: f.destNpi,
    destination_addr: f.destination,
    esm_class: f.esmClass,
    registered_delivery: f.registeredDelivery,
    data_coding: f.dataCoding,
    short_message: Buffer.from(f.shortMessage),
    ...tlvs,
  }).toBuffer();
}

function ours(f: SubmitSmFields, sequence: number): Buffer {
  const pdu = encodeSubmitSm(f);
  setSequence(pdu, sequence);
  return pdu;
}

/** Every wire part of a text, as the client builds them. */
function partsOf(text: string, source = "SMSPortal", destination = "66812345678"): SubmitSmFields[] {
  const split = splitForWire(text);
  const alphanumeric = /\D/.test(source);
  return wirePdus(split.parts, 0x42).map((w) => ({
    sourceTon: alphanumeric ? 5 : 1,
    sourceNpi: alphanumeric ? 0 : 1,
    source,
    destTon: 1,
    destNpi: 1,
    destination,
    esmClass: w.esmClass,
    registeredDelivery: 1,
    dataCoding: split.dataCoding,
    shortMessage: w.shortMessage,
  }));
}

describe("encodeSubmitSm: byte for byte what the smpp package writes", () => {
  it("GSM-7, one part, alphanumeric and numeric senders", () => {
    for (const source of ["SMSPortal", "4545", ""]) {
      const [f] = partsOf("Hello {world} [€] ~ your code is 123456", source);
      expect(ours(f!, 7).equals(packageSubmitSm(f!, 7))).toBe(true);
    }
  });

  it("UCS-2 (Thai), one part and several with a concatenation header", () => {
    const single = partsOf("สวัสดีครับ รหัสของคุณคือ 123456");
    expect(single).toHaveLength(1);
    expect(single[0]!.dataCoding).toBe(8);
    expect(ours(single[0]!, 0x7fffffff).equals(packageSubmitSm(single[0]!, 0x7fffffff))).toBe(true);
    const multi = partsOf("ข้อความยาวภาษาไทย ".repeat(12));
    expect(multi.length).toBeGreaterThan(2);
    for (const [i, f] of multi.entries()) {
      expect(f.esmClass).toBe(0x40);
      expect(ours(f, i + 1).equals(packageSubmitSm(f, i + 1))).toBe(true);
    }
  });

  it("GSM-7 multipart with a UDH", () => {
    const multi = partsOf("A long GSM message with {escapes} and € signs. ".repeat(8));
    expect(multi.length).toBeGreaterThan(1);
    for (const f of multi) expect(ours(f, 99).equals(packageSubmitSm(f, 99))).toBe(true);
  });

  it("optional parameters (TLVs) in the order given", () => {
    const [f] = partsOf("With TLVs");
    const withTlvs: SubmitSmFields = {
      ...f!,
      tlvs: [
        { tag: 0x0204, value: Buffer.of(0x12, 0x34) }, // user_message_reference
        { tag: 0x020a, value: Buffer.of(0x00, 0x10) }, // source_port
        { tag: 0x0424, value: Buffer.from("payload octets") }, // message_payload
      ],
    };
    const expected = packageSubmitSm(f!, 5, {
      user_message_reference: 0x1234,
      source_port: 0x0010,
      message_payload: Buffer.from("payload octets"),
    });
    expect(ours(withTlvs, 5).equals(expected)).toBe(true);
  });

  it("refuses a short_message over 255 octets, as the package does", () => {
    const [f] = partsOf("x");
    const tooLong = { ...f!, shortMessage: Buffer.alloc(256, 0x41) };
    expect(() => encodeSubmitSm(tooLong)).toThrow(RangeError);
    expect(() => packageSubmitSm(tooLong, 1)).toThrow(RangeError);
  });

  it("a re-sequenced PDU changes only its sequence number", () => {
    const [f] = partsOf("Hello");
    const pdu = ours(f!, 1);
    setSequence(pdu, 2);
    expect(pdu.equals(packageSubmitSm(f!, 2))).toBe(true);
  });
});

describe("responses and the submit_sm_resp id", () => {
  it("deliver_sm_resp, enquire_link_resp, unbind_resp and refusals as the package writes them", () => {
    const deliver = new PDU("deliver_sm", { sequence_number: 41 });
    expect(encodeResponse(CMD.deliverSmResp, 0, 41).equals(deliver.response().toBuffer())).toBe(true);
    expect(
      encodeResponse(CMD.deliverSmResp, 0x64, 41).equals(
        deliver.response({ command_status: 0x64 }).toBuffer(),
      ),
    ).toBe(true);
    const enquire = new PDU("enquire_link", { sequence_number: 3 });
    expect(encodeResponse(CMD.enquireLinkResp, 0, 3).equals(enquire.response().toBuffer())).toBe(true);
    const unbind = new PDU("unbind", { sequence_number: 9 });
    expect(encodeResponse(0x80000006, 0, 9).equals(unbind.response().toBuffer())).toBe(true);
    expect(
      encodeResponse(CMD.genericNack, 3, 9).equals(
        new PDU("generic_nack", { sequence_number: 9, command_status: 3 }).toBuffer(),
      ),
    ).toBe(true);
  });

  it("reads the message id of a submit_sm_resp, and none from a refusal", () => {
    const ok = new PDU("submit_sm_resp", { sequence_number: 1, message_id: "0A1b2C" }).toBuffer();
    expect(submitRespMessageId(ok)).toBe("0A1b2C");
    const refused = new PDU("submit_sm_resp", { sequence_number: 1, command_status: 0x58 }).toBuffer();
    expect(submitRespMessageId(refused)).toBe("");
  });
});

describe("decodeReceipt: the same fields as the package's decoder, or null", () => {
  const receipt = (extra: Record<string, unknown>) =>
    new PDU("deliver_sm", {
      sequence_number: 12,
      source_addr: "66812345678",
      destination_addr: "SMSPortal",
      esm_class: 0x04,
      data_coding: 0,
      short_message: Buffer.from(
        "id:0a1B2c sub:001 dlvrd:001 submit date:2611291200 done date:2611291201 stat:DELIVRD err:000 text:Hello",
        "latin1",
      ),
      ...extra,
    }).toBuffer();

  it("reads a plain receipt with its TLVs exactly as the package does", () => {
    const frame = receipt({
      receipted_message_id: "0a1B2c",
      message_state: 2,
      network_error_code: Buffer.of(3, 0, 5),
    });
    const fast = decodeReceipt(frame);
    const pdu = decodeWithPackage(frame);
    expect(fast).not.toBeNull();
    expect(fast!.esmClass).toBe(pdu.esm_class);
    expect(fast!.source).toBe(pdu.source_addr);
    expect(fast!.destination).toBe(pdu.destination_addr);
    expect(fast!.text).toBe((pdu.short_message as { message: string }).message);
    expect(fast!.receiptedMessageId).toBe(String(pdu.receipted_message_id).replace(/\0+$/, ""));
    expect(fast!.messageState).toBe(pdu.message_state);
    expect(fast!.networkErrorCode!.equals(pdu.network_error_code as Buffer)).toBe(true);
  });

  it("leaves to the package what is not plain: other TLVs, other codings, GSM octets unlike ASCII", () => {
    expect(decodeReceipt(receipt({ message_payload: Buffer.from("x") }))).toBeNull();
    expect(decodeReceipt(receipt({ data_coding: 8 }))).toBeNull();
    // 0x00 is "@" in GSM-7, 0x1B the escape, 0x24 "¤".
    for (const octet of [0x00, 0x1b, 0x24, 0x5b, 0x80]) {
      expect(decodeReceipt(receipt({ short_message: Buffer.of(0x69, 0x64, 0x3a, octet) }))).toBeNull();
    }
    // Cut short: the package decides what that means.
    const frame = receipt({});
    const cut = Buffer.from(frame.subarray(0, 40));
    cut.writeUInt32BE(cut.length, 0);
    expect(decodeReceipt(cut)).toBeNull();
  });

  it("treats as plain exactly the octets whose GSM-7 character is the ASCII one", () => {
    const chars: string = defs.gsmCoder.GSM.chars;
    for (let octet = 0; octet < 256; octet++) {
      const same = octet < 128 && octet !== 0x1b && chars[octet] === String.fromCharCode(octet);
      expect(plainGsmOctets[octet], `octet ${octet}`).toBe(same ? 1 : 0);
      if (same) {
        const frame = receipt({ short_message: Buffer.of(octet, 0x41) });
        const decoded = (decodeWithPackage(frame).short_message as { message: string }).message;
        expect(decodeReceipt(frame)!.text).toBe(decoded);
      }
    }
  });
});

describe("SmppLink", () => {
  let server: Server | null = null;
  afterEach(() => server?.close());

  async function linked(): Promise<{ link: SmppLink; peer: Socket; received: Buffer[] }> {
    const received: Buffer[] = [];
    const peerReady = new Promise<Socket>((resolve) => {
      server = createServer((socket) => {
        socket.on("data", (chunk) => received.push(chunk));
        resolve(socket);
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", () => resolve()));
    const port = (server!.address() as { port: number }).port;
    const link = new SmppLink({ host: "127.0.0.1", port });
    await new Promise<void>((resolve) => link.once("connect", () => resolve()));
    return { link, peer: await peerReady, received };
  }

  it("writes what one turn queued as one socket write, in order", async () => {
    const { link, received } = await linked();
    const writes: number[] = [];
    const write = link.socket.write.bind(link.socket);
    link.socket.write = ((data: Buffer) => {
      writes.push(data.length);
      return write(data);
    }) as typeof link.socket.write;
    const pdus = Array.from({ length: 50 }, (_, i) => encodeResponse(CMD.deliverSmResp, 0, i + 1));
    for (const pdu of pdus) expect(link.write(pdu)).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(writes).toEqual([50 * 17]);
    expect(Buffer.concat(received).equals(Buffer.concat(pdus))).toBe(true);
    link.destroy();
  });

  it("frames PDUs split across reads and several in one read", async () => {
    const { link, peer } = await linked();
    const frames: Buffer[] = [];
    link.on("frame", (f) => frames.push(Buffer.from(f)));
    const a = new PDU("submit_sm_resp", { sequence_number: 1, message_id: "abc" }).toBuffer();
    const b = new PDU("enquire_link", { sequence_number: 2 }).toBuffer();
    const c = new PDU("submit_sm_resp", { sequence_number: 3, message_id: "def" }).toBuffer();
    const all = Buffer.concat([a, b, c]);
    peer.write(all.subarray(0, 3));
    await new Promise((r) => setTimeout(r, 20));
    peer.write(all.subarray(3, a.length + 5));
    await new Promise((r) => setTimeout(r, 20));
    peer.write(all.subarray(a.length + 5));
    await new Promise((r) => setTimeout(r, 20));
    expect(frames.map((f) => f.readUInt32BE(12))).toEqual([1, 2, 3]);
    expect(frames[0]!.equals(a) && frames[1]!.equals(b) && frames[2]!.equals(c)).toBe(true);
    link.destroy();
  });

  it("ends the stream with an error on a PDU length out of range", async () => {
    const { link, peer } = await linked();
    const errors: Error[] = [];
    link.on("error", (e) => errors.push(e));
    const bad = Buffer.alloc(16);
    bad.writeUInt32BE(20_000, 0);
    peer.write(bad);
    await new Promise((r) => setTimeout(r, 30));
    expect(errors[0]?.message).toMatch(/out of range/);
    link.destroy();
  });

  it("refuses to queue once the socket cannot write", async () => {
    const { link } = await linked();
    link.destroy();
    expect(link.write(encodeResponse(CMD.enquireLinkResp, 0, 1))).toBe(false);
  });
});
