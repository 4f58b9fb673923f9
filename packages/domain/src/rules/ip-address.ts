/**
 * IP addresses and CIDR ranges of the API whitelist (spec §3 IP whitelist entry, issue 14 point 2),
 * parsed strictly and without Node's `net` so the web form and the server share one rule.
 *
 * - IPv4 is four decimal octets 0–255 without leading zeros ("010" could mean octal to some
 *   parsers, so it is refused rather than guessed).
 * - IPv6 is RFC 4291 text (with `::` and an optional dotted IPv4 tail), no zone id; it is answered in
 *   the RFC 5952 canonical form (lower case, the longest run of zero groups compressed).
 * - An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, /96 or longer) is the IPv4 address it maps.
 * - A range whose address has bits set after the prefix (`10.0.0.5/8`) is refused with the network
 *   address to use: silently widening a typo to 16 million addresses would hide a mistake.
 * - A full-length prefix (/32, /128) is the plain address.
 */

export type IpVersion = 4 | 6;

/** A parsed whitelist entry: `bits` is the network address (host bits zero). */
export interface IpRange {
  version: IpVersion;
  bits: bigint;
  prefix: number;
  /** The canonical text: `192.168.1.0/24`, `2001:db8::/32`, `203.0.113.7`. */
  text: string;
}

export type IpEntryError = "invalid" | "prefix_invalid" | "host_bits_set";

export type IpEntryResult =
  | { ok: true; range: IpRange }
  | { ok: false; error: IpEntryError; network?: string };

const V4_BITS = 32;
const V6_BITS = 128;
const MAPPED_PREFIX = 0xffffn << 32n;

function parseIpv4(text: string): bigint | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!/^(0|[1-9][0-9]{0,2})$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = (value << 8n) | BigInt(n);
  }
  return value;
}

function parseIpv6(text: string): bigint | null {
  if (!/^[0-9A-Fa-f:.]+$/.test(text)) return null;
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (half: string): number[] | null => {
    if (half === "") return [];
    const groups: number[] = [];
    const items = half.split(":");
    for (const [i, item] of items.entries()) {
      if (item.includes(".")) {
        // A dotted IPv4 tail counts as two groups, and only at the very end.
        if (i !== items.length - 1) return null;
        const v4 = parseIpv4(item);
        if (v4 === null) return null;
        groups.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
      } else {
        if (!/^[0-9A-Fa-f]{1,4}$/.test(item)) return null;
        groups.push(Number.parseInt(item, 16));
      }
    }
    return groups;
  };
  const head = groupsOf(halves[0] ?? "");
  const tail = halves.length === 2 ? groupsOf(halves[1] ?? "") : [];
  if (!head || !tail) return null;
  // A dotted tail may only end the address (not sit before "::").
  if (halves.length === 2 && (halves[0] ?? "").includes(".")) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<number>(missing).fill(0), ...tail];
  return groups.reduce((value, group) => (value << 16n) | BigInt(group), 0n);
}

/** An address on its own (no prefix): IPv4, IPv6, or null. Mapped IPv6 addresses become IPv4. */
export function parseIpAddress(text: string): { version: IpVersion; bits: bigint } | null {
  const trimmed = text.trim();
  const v4 = parseIpv4(trimmed);
  if (v4 !== null) return { version: 4, bits: v4 };
  const v6 = parseIpv6(trimmed);
  if (v6 === null) return null;
  if (v6 >> 32n === MAPPED_PREFIX >> 32n) return { version: 4, bits: v6 & 0xffffffffn };
  return { version: 6, bits: v6 };
}

function formatIpv4(bits: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((bits >> shift) & 0xffn)).join(".");
}

function formatIpv6(bits: bigint): string {
  const groups = [112n, 96n, 80n, 64n, 48n, 32n, 16n, 0n].map((shift) => Number((bits >> shift) & 0xffffn));
  // RFC 5952: compress the longest run of two or more zero groups (the first one on a tie).
  let best = { start: -1, length: 0 };
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j += 1;
    if (j - i > best.length) best = { start: i, length: j - i };
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.length < 2) return hex.join(":");
  const before = hex.slice(0, best.start).join(":");
  const after = hex.slice(best.start + best.length).join(":");
  return `${before}::${after}`;
}

export function formatIpAddress(version: IpVersion, bits: bigint): string {
  return version === 4 ? formatIpv4(bits) : formatIpv6(bits);
}

function rangeText(version: IpVersion, bits: bigint, prefix: number): string {
  const address = formatIpAddress(version, bits);
  return prefix === (version === 4 ? V4_BITS : V6_BITS) ? address : `${address}/${prefix}`;
}

function hostMask(version: IpVersion, prefix: number): bigint {
  const width = BigInt(version === 4 ? V4_BITS : V6_BITS);
  return (1n << (width - BigInt(prefix))) - 1n;
}

/** A whitelist entry: an address, or an address and a prefix length (CIDR). */
export function parseIpEntry(input: string): IpEntryResult {
  const text = input.trim();
  const slash = text.indexOf("/");
  const addressText = slash === -1 ? text : text.slice(0, slash);
  const prefixText = slash === -1 ? null : text.slice(slash + 1);
  const v4 = parseIpv4(addressText);
  const v6 = v4 === null ? parseIpv6(addressText) : null;
  if (v4 === null && v6 === null) return { ok: false, error: "invalid" };
  let version: IpVersion = v4 !== null ? 4 : 6;
  let bits = (v4 ?? v6) as bigint;
  const width = version === 4 ? V4_BITS : V6_BITS;
  let prefix = width;
  if (prefixText !== null) {
    if (!/^(0|[1-9][0-9]{0,2})$/.test(prefixText) || Number(prefixText) > width) {
      return { ok: false, error: "prefix_invalid" };
    }
    prefix = Number(prefixText);
  }
  if (version === 6 && bits >> 32n === MAPPED_PREFIX >> 32n && prefix >= 96) {
    version = 4;
    bits &= 0xffffffffn;
    prefix -= 96;
  }
  const mask = hostMask(version, prefix);
  if ((bits & mask) !== 0n) {
    return { ok: false, error: "host_bits_set", network: rangeText(version, bits & ~mask, prefix) };
  }
  return { ok: true, range: { version, bits, prefix, text: rangeText(version, bits, prefix) } };
}

/** Whether the address (any form, mapped IPv6 included) lies in the range. */
export function ipInRange(address: { version: IpVersion; bits: bigint }, range: IpRange): boolean {
  if (address.version !== range.version) return false;
  const mask = hostMask(range.version, range.prefix);
  return (address.bits & ~mask) === range.bits;
}

/**
 * The whitelist decision: an empty list allows every address; otherwise the address must lie in
 * one of the entries. Entries that no longer parse are skipped (they were checked when stored).
 */
export function ipAllowed(address: string, entries: readonly string[]): boolean {
  if (entries.length === 0) return true;
  const parsed = parseIpAddress(address);
  if (!parsed) return false;
  for (const entry of entries) {
    const result = parseIpEntry(entry);
    if (result.ok && ipInRange(parsed, result.range)) return true;
  }
  return false;
}
