import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signS3Request } from "./s3-storage.ts";

// The worked examples of the AWS S3 documentation ("Signature Calculations for the Authorization
// Header: Transferring Payload in a Single Chunk"): how we call aws4fetch signs as AWS documents.
const credentials = {
  accessKeyId: "AKIAIOSFODNN7EXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  region: "us-east-1",
};
const datetime = "20130524T000000Z";
const EMPTY = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const signatureOf = (headers: Headers) =>
  /Signature=([0-9a-f]{64})$/.exec(headers.get("authorization") ?? "")?.[1];

describe("signS3Request (aws4fetch)", () => {
  it("signs the documented GET Object example", async () => {
    // The example signs its Range header, which aws4fetch leaves unsigned unless told to sign all.
    const headers = await signS3Request(
      {
        method: "GET",
        url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
        headers: { Range: "bytes=0-9" },
        payloadHash: EMPTY,
      },
      credentials,
      { datetime, allHeaders: true },
    );
    expect(headers.get("authorization")).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
    expect(headers.get("x-amz-date")).toBe(datetime);
  });

  it("signs the documented PUT Object example, with a key that needs encoding", async () => {
    const body = "Welcome to Amazon S3.";
    const headers = await signS3Request(
      {
        method: "PUT",
        url: new URL("https://examplebucket.s3.amazonaws.com/test$file.text"),
        headers: { Date: "Fri, 24 May 2013 00:00:00 GMT", "x-amz-storage-class": "REDUCED_REDUNDANCY" },
        payloadHash: sha256(body),
      },
      credentials,
      { datetime },
    );
    expect(headers.get("x-amz-content-sha256")).toBe(
      "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072",
    );
    expect(signatureOf(headers)).toBe("98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd");
  });

  it("signs the documented GET Bucket Lifecycle and list examples (query strings)", async () => {
    const lifecycle = await signS3Request(
      {
        method: "GET",
        url: new URL("https://examplebucket.s3.amazonaws.com/?lifecycle"),
        payloadHash: EMPTY,
      },
      credentials,
      { datetime },
    );
    expect(signatureOf(lifecycle)).toBe("fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543");
    const list = await signS3Request(
      {
        method: "GET",
        url: new URL("https://examplebucket.s3.amazonaws.com/?prefix=J&max-keys=2"),
        payloadHash: EMPTY,
      },
      credentials,
      { datetime },
    );
    expect(signatureOf(list)).toBe("34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7");
  });

  it("changes the signature with the secret, the body hash or the path", async () => {
    const base = { method: "GET", url: new URL("https://b.example.com/a"), payloadHash: EMPTY };
    const reference = signatureOf(await signS3Request(base, credentials, { datetime }));
    const other = { ...credentials, secretAccessKey: "other" };
    expect(signatureOf(await signS3Request(base, other, { datetime }))).not.toBe(reference);
    expect(
      signatureOf(await signS3Request({ ...base, payloadHash: sha256("x") }, credentials, { datetime })),
    ).not.toBe(reference);
    expect(
      signatureOf(
        await signS3Request({ ...base, url: new URL("https://b.example.com/b") }, credentials, { datetime }),
      ),
    ).not.toBe(reference);
  });

  it("signs the payload by its hash, never as UNSIGNED-PAYLOAD", async () => {
    const headers = await signS3Request(
      { method: "PUT", url: new URL("https://b.example.com/k"), payloadHash: sha256("body") },
      credentials,
    );
    expect(headers.get("x-amz-content-sha256")).toBe(sha256("body"));
    expect(headers.get("authorization")).toContain("x-amz-content-sha256");
  });
});
