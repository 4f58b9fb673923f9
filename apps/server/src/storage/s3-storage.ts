import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { AwsV4Signer } from "aws4fetch";
import { assertStorageKey, type ObjectStorage } from "./storage.ts";

/** sha256 of an empty body: what GET, HEAD and DELETE sign as their payload. */
const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/** aws4fetch's derived signing keys (one per secret, day, region and service), kept between requests. */
const signingKeys = new Map<string, ArrayBuffer>();

/**
 * Signs one S3 request with AWS Signature Version 4 (aws4fetch; ADR 82) and answers the headers to
 * send: the given ones plus x-amz-date, x-amz-content-sha256 and Authorization. The payload is
 * signed by its hash (computed by the caller, as the body is a stream), never UNSIGNED-PAYLOAD.
 * `datetime` (`20130524T000000Z`) is for the documented examples in the tests.
 */
export async function signS3Request(
  request: { method: string; url: URL; headers?: Record<string, string>; payloadHash: string },
  credentials: S3Credentials,
  options: { datetime?: string; allHeaders?: boolean } = {},
): Promise<Headers> {
  const signer = new AwsV4Signer({
    method: request.method,
    url: request.url.toString(),
    headers: { ...request.headers, "x-amz-content-sha256": request.payloadHash },
    accessKeyId: credentials.accessKeyId,
    secretAccessKey: credentials.secretAccessKey,
    region: credentials.region,
    service: "s3",
    cache: signingKeys,
    ...options,
  });
  return (await signer.sign()).headers;
}

export interface S3StorageOptions {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
  /** Where a body waits while its length and hash are computed; the OS temp dir by default. */
  spoolDir?: string;
}

export class S3StorageError extends Error {
  constructor(
    readonly operation: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`S3 ${operation} failed with HTTP ${status}: ${body.slice(0, 300)}`);
    this.name = "S3StorageError";
  }
}

/**
 * An S3-compatible bucket. PutObject needs the length up front, so a body is first spooled to a
 * temporary file (hashing it on the way, which also lets the payload be signed) and then sent;
 * the object appears in the bucket only if the whole body arrived.
 */
export class S3Storage implements ObjectStorage {
  constructor(private readonly options: S3StorageOptions) {}

  private urlOf(key: string): URL {
    // A server-made key ([A-Za-z0-9._-] segments) needs no percent-encoding, nor does a bucket name.
    assertStorageKey(key);
    const endpoint = new URL(this.options.endpoint);
    const base = endpoint.pathname.replace(/\/+$/, "");
    if (this.options.forcePathStyle) {
      endpoint.pathname = `${base}/${encodeURIComponent(this.options.bucket)}/${key}`;
    } else {
      endpoint.hostname = `${this.options.bucket}.${endpoint.hostname}`;
      endpoint.pathname = `${base}/${key}`;
    }
    return endpoint;
  }

  private async send(
    method: string,
    key: string,
    init: { body?: Readable; payloadHash?: string; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const url = this.urlOf(key);
    const headers = await signS3Request(
      { method, url, headers: init.headers, payloadHash: init.payloadHash ?? EMPTY_SHA256 },
      this.options,
    );
    try {
      return await fetch(url, {
        method,
        headers,
        ...(init.body ? { body: init.body, duplex: "half" } : {}),
      } as RequestInit);
    } catch (err) {
      throw new Error(`S3 ${method} could not reach ${url.origin}`, { cause: err });
    }
  }

  private async fail(method: string, response: Response): Promise<never> {
    throw new S3StorageError(method, response.status, await response.text().catch(() => ""));
  }

  async put(key: string, body: Readable): Promise<void> {
    assertStorageKey(key);
    const spool = join(this.options.spoolDir ?? tmpdir(), `sms-s3-${randomBytes(8).toString("hex")}`);
    try {
      const hash = createHash("sha256");
      let size = 0;
      await pipeline(
        body,
        new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            hash.update(chunk);
            size += chunk.length;
            callback(null, chunk);
          },
        }),
        createWriteStream(spool, { flags: "wx", mode: 0o600 }),
      );
      const response = await this.send("PUT", key, {
        body: createReadStream(spool),
        payloadHash: hash.digest("hex"),
        headers: { "content-length": String(size) },
      });
      if (!response.ok) await this.fail("PUT", response);
      await response.body?.cancel();
    } finally {
      await rm(spool, { force: true });
    }
  }

  async get(key: string): Promise<Readable | null> {
    const response = await this.send("GET", key);
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok || !response.body) return this.fail("GET", response);
    return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  }

  async delete(key: string): Promise<void> {
    const response = await this.send("DELETE", key);
    if (!response.ok && response.status !== 404) await this.fail("DELETE", response);
    await response.body?.cancel();
  }

  async exists(key: string): Promise<boolean> {
    const response = await this.send("HEAD", key);
    await response.body?.cancel();
    if (response.status === 404) return false;
    if (!response.ok) throw new S3StorageError("HEAD", response.status, "");
    return true;
  }
}
