import { type LookupAddress, lookup } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction, type Socket } from "node:net";
import { networkInterfaces } from "node:os";

/** One POST of a webhook. */
export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * What came back: the HTTP status, or null with an error key (`webhooks.error.*`) when there was
 * no answer. The body is never read.
 */
export interface WebhookResponse {
  httpStatus: number | null;
  error: string | null;
}

/** Sends one webhook; never throws. Injected so tests can stand in for the network. */
export type WebhookSender = (request: WebhookRequest) => Promise<WebhookResponse>;

/** A POST that has not answered (headers) within this long counts as no answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/**
 * A receiver that has not accepted the TCP connection within this long counts as unreachable: a
 * dead host's POST fails in 3 s instead of holding a sending slot for the whole exchange's limit.
 */
export const WEBHOOK_CONNECT_TIMEOUT_MS = 3_000;

/**
 * Addresses a webhook may not reach in production (ADR 22, ADR 34): loopback, private, link-local
 * (cloud metadata at 169.254.169.254), carrier-grade NAT, "this network", the documentation ranges
 * (TEST-NET-1/2/3, where a host's own address may sit), benchmarking, multicast and reserved, and
 * their IPv6 counterparts (unique-local, link-local, deprecated site-local, 6to4, NAT64).
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
  ["2002::", 16],
] as const) {
  blocked.addSubnet(net, prefix, "ipv6");
}

/**
 * `a.b.c.d` of an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, or `::ffff:808:404` as URLs write
 * it), else the address as it is.
 */
function unmapped(address: string): string {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (dotted) return dotted;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return address;
  const [high, low] = [Number.parseInt(hex[1] ?? "0", 16), Number.parseInt(hex[2] ?? "0", 16)];
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

function inList(list: BlockList, address: string): boolean {
  const plain = unmapped(address);
  const family = isIP(plain);
  if (family === 0) return false;
  return list.check(plain, family === 4 ? "ipv4" : "ipv6");
}

export function isPrivateAddress(address: string): boolean {
  if (isIP(unmapped(address)) === 0) return true;
  return inList(blocked, address);
}

/**
 * Parses `WEBHOOK_DENY_CIDRS`-style entries (`203.0.113.0/24`, `2001:db8::/32`, or a single
 * address) into a BlockList; throws on an entry that is not one, so a typo fails at start.
 */
export function denyList(cidrs: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of cidrs) {
    const [net = "", bits] = entry.trim().split("/");
    const family = isIP(net);
    const max = family === 4 ? 32 : 128;
    const prefix = bits === undefined ? max : Number(bits);
    if (family === 0 || !Number.isInteger(prefix) || prefix < 0 || prefix > max || bits === "") {
      throw new Error(`not an address or CIDR: ${entry}`);
    }
    list.addSubnet(net, prefix, family === 4 ? "ipv4" : "ipv6");
  }
  return list;
}

/** The host's own interface addresses (public ones included): a webhook must not reach this host's services. */
export function ownAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address));
}

class BlockedAddressError extends Error {
  readonly code = "EWEBHOOKBLOCKED";
}

/**
 * A DNS lookup that refuses answers `refused` names. Checking the address the socket connects to
 * (not a name resolved beforehand) leaves no gap for a name that resolves differently the second time.
 */
function checkedLookup(refused: (address: string) => boolean, resolve: typeof lookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, "", 0);
      const list = addresses ?? [];
      if (list.length === 0 || list.some((a) => refused(a.address))) {
        return callback(new BlockedAddressError(`${hostname} resolves to a refused address`), "", 0);
      }
      if ((options as { all?: boolean }).all) {
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      }
      const first = list[0] as LookupAddress;
      return callback(null, first.address, first.family);
    });
  };
}

function errorKey(err: unknown): string {
  const code = (err as { code?: string }).code;
  if (code === "EWEBHOOKBLOCKED") return "webhooks.error.blocked_address";
  if (code === "ECONNREFUSED") return "webhooks.error.refused";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "webhooks.error.dns";
  if (code === "ECONNRESET" || code === "EPIPE") return "webhooks.error.reset";
  if (typeof code === "string" && (code.startsWith("ERR_TLS") || code.includes("CERT"))) {
    return "webhooks.error.tls";
  }
  return "webhooks.error.network";
}

export interface HttpSenderOptions {
  /** Loopback, private and the host's own addresses allowed (tests, local receivers; never production). */
  allowPrivateAddresses: boolean;
  /** The operator's deny list (`WEBHOOK_DENY_CIDRS`): refused whatever allowPrivateAddresses says. */
  denyCidrs?: readonly string[];
  /** The host's own addresses, refused unless private ones are allowed; ownAddresses() by default. */
  ownAddresses?: readonly string[];
  timeoutMs?: number;
  connectTimeoutMs?: number;
  /** Name resolution (node:dns lookup); a test's stands in for a resolver that never answers. */
  dnsLookup?: typeof lookup;
}

/**
 * The real sender: node:http(s) with no redirects followed (a 3xx is a failure: the receiver must
 * give the final URL), no connection reuse, the response body discarded, a connect limit
 * (WEBHOOK_CONNECT_TIMEOUT_MS) inside a limit on the whole exchange (WEBHOOK_TIMEOUT_MS), and no
 * destination on the deny list, nor (unless `allowPrivateAddresses`) a private one or one of this
 * host's own addresses.
 */
export function createHttpSender(options: HttpSenderOptions): WebhookSender {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const connectTimeoutMs = Math.min(options.connectTimeoutMs ?? WEBHOOK_CONNECT_TIMEOUT_MS, timeoutMs);
  const deny = denyList(options.denyCidrs ?? []);
  const own = new Set((options.ownAddresses ?? ownAddresses()).map((a) => unmapped(a).toLowerCase()));
  const refused = (address: string) =>
    inList(deny, address) ||
    (!options.allowPrivateAddresses &&
      (isPrivateAddress(address) || own.has(unmapped(address).toLowerCase())));
  const lookupChecked = checkedLookup(refused, options.dnsLookup ?? lookup);
  return (request) =>
    new Promise<WebhookResponse>((resolve) => {
      let url: URL;
      try {
        url = new URL(request.url);
      } catch {
        resolve({ httpStatus: null, error: "webhooks.error.invalid_url" });
        return;
      }
      if (url.protocol !== "http:" && url.protocol !== "https:") {
        resolve({ httpStatus: null, error: "webhooks.error.invalid_url" });
        return;
      }
      const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
      if (isIP(host) && refused(host)) {
        resolve({ httpStatus: null, error: "webhooks.error.blocked_address" });
        return;
      }
      let settled = false;
      const finish = (response: WebhookResponse) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearTimeout(connectTimer);
        resolve(response);
      };
      const client = url.protocol === "https:" ? https : http;
      const req = client.request(
        url,
        {
          method: "POST",
          headers: { ...request.headers, "content-length": String(Buffer.byteLength(request.body)) },
          agent: false,
          lookup: lookupChecked,
        },
        (res) => {
          finish({ httpStatus: res.statusCode ?? null, error: null });
          res.destroy();
        },
      );
      const timer = setTimeout(() => {
        finish({ httpStatus: null, error: "webhooks.error.timeout" });
        req.destroy();
      }, timeoutMs);
      const connectTimer = setTimeout(() => {
        finish({ httpStatus: null, error: "webhooks.error.connect_timeout" });
        req.destroy();
      }, connectTimeoutMs);
      req.on("socket", (socket: Socket) => {
        // A socket handed over already connected has nothing to wait for.
        if (!socket.connecting) clearTimeout(connectTimer);
        else socket.once("connect", () => clearTimeout(connectTimer));
      });
      req.on("error", (err) => finish({ httpStatus: null, error: errorKey(err) }));
      req.end(request.body);
    });
}
