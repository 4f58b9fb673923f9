import { createHash, createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { S3Storage, S3StorageError } from "./s3-storage.ts";

const ACCESS_KEY = "AKIDTESTKEY";
const SECRET = "test-secret-key";
const REGION = "ap-southeast-1";

/**
 * A fake S3 endpoint that checks SigV4 from what actually arrives on the wire (headers as sent,
 * raw path, body hash), independently of the signer under test, and keeps objects in memory.
 */
interface Seen {
  method: string;
  path: string;
  verified: boolean;
}
const objects = new Map<string, Buffer>();
const seen: Seen[] = [];
let server: Server;
let endpoint: string;

const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data).digest();
const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest("hex");

function verify(req: IncomingMessage, body: Buffer): boolean {
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      req.headers.authorization ?? "",
    );
  if (!match) return false;
  const [, accessKey, day, region, signedHeaders = "", signature] = match;
  const amzDate = String(req.headers["x-amz-date"]);
  const payloadHash = String(req.headers["x-amz-content-sha256"]);
  if (accessKey !== ACCESS_KEY || region !== REGION || !amzDate.startsWith(day ?? "")) return false;
  if (!signedHeaders.split(";").includes("host")) return false;
  if (payloadHash !== sha256(body)) return false;
  const [path = "", query = ""] = (req.url ?? "").split("?");
  const canonical = [
    req.method,
    path,
    query,
    signedHeaders
      .split(";")
      .map((h) => `${h}:${String(req.headers[h]).trim()}\n`)
      .join(""),
    signedHeaders,
    payloadHash,
  ].join("\n");
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = `AWS4-HMAC-SHA256\n${amzDate}\n${scope}\n${sha256(canonical)}`;
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET}`, day ?? ""), region ?? ""), "s3"), "aws4_request");
  return createHmac("sha256", key).update(toSign).digest("hex") === signature;
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await buffer(req);
    const path = req.url ?? "";
    const verified = verify(req, body);
    seen.push({ method: req.method ?? "", path, verified });
    if (!verified) {
      res.writeHead(403).end("<Error><Code>SignatureDoesNotMatch</Code></Error>");
      return;
    }
    if (req.method === "PUT") {
      if (req.headers["content-length"] !== String(body.length)) {
        res.writeHead(411).end("<Error><Code>MissingContentLength</Code></Error>");
        return;
      }
      objects.set(path, body);
      res.writeHead(200, { etag: `"${sha256(body)}"` }).end();
      return;
    }
    const object = objects.get(path);
    if (req.method === "DELETE") {
      objects.delete(path);
      res.writeHead(204).end();
      return;
    }
    if (!object) {
      res.writeHead(404).end(req.method === "HEAD" ? undefined : "<Error><Code>NoSuchKey</Code></Error>");
      return;
    }
    res.writeHead(200, { "content-length": object.length }).end(req.method === "HEAD" ? undefined : object);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  objects.clear();
  seen.length = 0;
  vi.unstubAllGlobals();
});

function storage(overrides: { secretAccessKey?: string } = {}) {
  return new S3Storage({
    endpoint,
    bucket: "uploads",
    region: REGION,
    accessKeyId: ACCESS_KEY,
    secretAccessKey: overrides.secretAccessKey ?? SECRET,
    forcePathStyle: true,
  });
}

describe("S3Storage against a fake S3 endpoint", () => {
  it("sends signed PUT, HEAD, GET and DELETE requests to path-style URLs", async () => {
    const s3 = storage();
    const content = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(200_000, 7)]);
    await s3.put(
      "sender_evidence/ab/ab12-cd",
      Readable.from([content.subarray(0, 1000), content.subarray(1000)]),
    );
    expect(objects.get("/uploads/sender_evidence/ab/ab12-cd")?.equals(content)).toBe(true);
    expect(await s3.exists("sender_evidence/ab/ab12-cd")).toBe(true);
    const stream = await s3.get("sender_evidence/ab/ab12-cd");
    expect(stream && (await buffer(stream)).equals(content)).toBe(true);
    await s3.delete("sender_evidence/ab/ab12-cd");
    expect(objects.size).toBe(0);
    expect(await s3.exists("sender_evidence/ab/ab12-cd")).toBe(false);
    expect(await s3.get("sender_evidence/ab/ab12-cd")).toBeNull();
    await expect(s3.delete("sender_evidence/ab/ab12-cd")).resolves.toBeUndefined();

    expect(seen.map((s) => `${s.method} ${s.path} ${s.verified}`)).toEqual([
      "PUT /uploads/sender_evidence/ab/ab12-cd true",
      "HEAD /uploads/sender_evidence/ab/ab12-cd true",
      "GET /uploads/sender_evidence/ab/ab12-cd true",
      "DELETE /uploads/sender_evidence/ab/ab12-cd true",
      "HEAD /uploads/sender_evidence/ab/ab12-cd true",
      "GET /uploads/sender_evidence/ab/ab12-cd true",
      "DELETE /uploads/sender_evidence/ab/ab12-cd true",
    ]);
  });

  it("fails loudly and stores nothing when the signature is refused", async () => {
    const s3 = storage({ secretAccessKey: "wrong-secret" });
    const error = await s3.put("k/1", Readable.from([Buffer.from("x")])).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(S3StorageError);
    expect(error).toMatchObject({ status: 403 });
    expect(objects.size).toBe(0);
    await expect(s3.get("k/1")).rejects.toBeInstanceOf(S3StorageError);
    await expect(s3.exists("k/1")).rejects.toBeInstanceOf(S3StorageError);
  });

  it("sends nothing when the upload stream fails before its end", async () => {
    async function* broken() {
      yield Buffer.from("first part");
      throw new Error("client went away");
    }
    await expect(storage().put("k/2", Readable.from(broken()))).rejects.toThrow("client went away");
    expect(seen).toEqual([]);
  });

  it("addresses virtual-hosted buckets when path style is off", async () => {
    const fetchSpy = vi.fn(async () => new Response(null, { status: 404 }));
    vi.stubGlobal("fetch", fetchSpy);
    const s3 = new S3Storage({
      endpoint: "https://s3.ap-southeast-1.amazonaws.com",
      bucket: "sms-files",
      region: REGION,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: SECRET,
      forcePathStyle: false,
    });
    expect(await s3.exists("payment_proof/0f/0f00-aa")).toBe(false);
    const [url, init] = fetchSpy.mock.calls[0] as unknown as [URL, RequestInit];
    expect(url.toString()).toBe("https://sms-files.s3.ap-southeast-1.amazonaws.com/payment_proof/0f/0f00-aa");
    expect(init.method).toBe("HEAD");
    expect(new Headers(init.headers).get("authorization")).toContain(`Credential=${ACCESS_KEY}/`);
  });

  it("refuses keys that are not server-made before sending anything", async () => {
    await expect(storage().get("../other-bucket/x")).rejects.toThrow("invalid storage key");
    expect(seen).toEqual([]);
  });
});
