import { describe, expect, it } from "vitest";
import { ipAllowed, parseIpAddress, parseIpEntry } from "./ip-address.ts";

const text = (input: string) => {
  const result = parseIpEntry(input);
  return result.ok ? result.range.text : result.error;
};

describe("parseIpEntry", () => {
  it("accepts IPv4 addresses and ranges, answering the canonical text", () => {
    expect(text("203.0.113.7")).toBe("203.0.113.7");
    expect(text(" 10.0.0.0/8 ")).toBe("10.0.0.0/8");
    expect(text("203.0.113.7/32")).toBe("203.0.113.7");
    expect(text("0.0.0.0/0")).toBe("0.0.0.0/0");
  });

  it("accepts IPv6 in any valid spelling and answers RFC 5952 text", () => {
    expect(text("2001:0DB8:0000:0000:0000:0000:0000:0001")).toBe("2001:db8::1");
    expect(text("2001:db8::/32")).toBe("2001:db8::/32");
    expect(text("2001:db8:0:0:1:0:0:1")).toBe("2001:db8::1:0:0:1");
    expect(text("::1")).toBe("::1");
    expect(text("::")).toBe("::");
    expect(text("fe80::/10")).toBe("fe80::/10");
    expect(text("2001:db8:1:2:3:4:5:6/128")).toBe("2001:db8:1:2:3:4:5:6");
  });

  it("reads an IPv4-mapped IPv6 address as the IPv4 address", () => {
    expect(text("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(text("::ffff:c000:0201")).toBe("192.0.2.1");
    expect(text("::ffff:192.0.2.0/120")).toBe("192.0.2.0/24");
  });

  it("refuses what is not an address", () => {
    for (const bad of [
      "",
      "abc",
      "1.2.3",
      "1.2.3.4.5",
      "256.1.1.1",
      "01.2.3.4",
      "1.2.3.-1",
      "1:2:3:4:5:6:7:8:9",
      "1::2::3",
      "12345::",
      "fe80::1%eth0",
      "::1.2.3.4:5",
      "1.2.3.4::",
      "example.com",
      "1.2.3.4 /24",
    ]) {
      expect(text(bad), bad).toBe("invalid");
    }
  });

  it("refuses a prefix out of range", () => {
    expect(text("10.0.0.0/33")).toBe("prefix_invalid");
    expect(text("2001:db8::/129")).toBe("prefix_invalid");
    expect(text("10.0.0.0/")).toBe("prefix_invalid");
    expect(text("10.0.0.0/08")).toBe("prefix_invalid");
    expect(text("10.0.0.0/x")).toBe("prefix_invalid");
  });

  it("refuses host bits after the prefix and names the network to use", () => {
    expect(parseIpEntry("10.1.2.3/8")).toEqual({ ok: false, error: "host_bits_set", network: "10.0.0.0/8" });
    expect(parseIpEntry("2001:db8::1/64")).toEqual({
      ok: false,
      error: "host_bits_set",
      network: "2001:db8::/64",
    });
  });
});

describe("ipAllowed", () => {
  it("allows everything when the list is empty", () => {
    expect(ipAllowed("198.51.100.1", [])).toBe(true);
  });

  it("matches single addresses and CIDR ranges of both versions", () => {
    const list = ["203.0.113.7", "10.0.0.0/8", "2001:db8::/32"];
    expect(ipAllowed("203.0.113.7", list)).toBe(true);
    expect(ipAllowed("203.0.113.8", list)).toBe(false);
    expect(ipAllowed("10.255.0.1", list)).toBe(true);
    expect(ipAllowed("11.0.0.1", list)).toBe(false);
    expect(ipAllowed("2001:db8:ffff::1", list)).toBe(true);
    expect(ipAllowed("2001:db9::1", list)).toBe(false);
  });

  it("matches an IPv4-mapped client address as IPv4", () => {
    expect(ipAllowed("::ffff:10.1.2.3", ["10.0.0.0/8"])).toBe(true);
    expect(ipAllowed("::ffff:11.1.2.3", ["10.0.0.0/8"])).toBe(false);
    expect(parseIpAddress("::ffff:10.1.2.3")).toEqual({ version: 4, bits: 0x0a010203n });
  });

  it("refuses an unparseable client address when a list exists", () => {
    expect(ipAllowed("unknown", ["0.0.0.0/0"])).toBe(false);
  });
});
