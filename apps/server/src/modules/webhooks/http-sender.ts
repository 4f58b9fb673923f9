import { type LookupAddress, lookup } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

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
 * Addresses a webhook may not reach in production (ADR 22): loopback, private, link-local
 * (cloud metadata at 169.254.169.254), carrier-grade NAT, "this network", multicast and reserved,
 * and their IPv6 counterparts.
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
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
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
  ["ff00::", 8],
  ["64:ff9b::", 96],
] as const) {
  blocked.addSubnet(net, prefix, "ipv6");
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return blocked.check(mapped[1], "ipv4");
  return blocked.check(address, "ipv6");
}

class BlockedAddressError extends Error {
  readonly code = "EWEBHOOKBLOCKED";
}

/**
 * A DNS lookup that refuses private answers. Checking the address the socket connects to (not a
 * name resolved beforehand) leaves no gap for a name that resolves differently the second time.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, "", 0);
    const list = addresses ?? [];
    if (list.length === 0 || list.some((a) => isPrivateAddress(a.address))) {
      return callback(new BlockedAddressError(`${hostname} resolves to a private address`), "", 0);
    }
    if ((options as { all?: boolean }).all) {
      return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    }
    const first = list[0] as LookupAddress;
    return callback(null, first.address, first.family);
  });
};

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

/**
 * The real sender: node:http(s) with no redirects followed (a 3xx is a failure: the receiver must
 * give the final URL), no connection reuse, the response body discarded, a 10 s limit on the whole
 * exchange, and (unless `allowPrivateAddresses`) no loopback or private destination.
 */
export function createHttpSender(options: {
  allowPrivateAddresses: boolean;
  timeoutMs?: number;
}): WebhookSender {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
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
      if (!options.allowPrivateAddresses && isIP(host) && isPrivateAddress(host)) {
        resolve({ httpStatus: null, error: "webhooks.error.blocked_address" });
        return;
      }
      let settled = false;
      const finish = (response: WebhookResponse) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(response);
      };
      const client = url.protocol === "https:" ? https : http;
      const req = client.request(
        url,
        {
          method: "POST",
          headers: { ...request.headers, "content-length": String(Buffer.byteLength(request.body)) },
          agent: false,
          ...(options.allowPrivateAddresses ? {} : { lookup: publicOnlyLookup }),
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
      req.on("error", (err) => finish({ httpStatus: null, error: errorKey(err) }));
      req.end(request.body);
    });
}
