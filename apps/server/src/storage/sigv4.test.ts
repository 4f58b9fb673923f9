import { describe, expect, it } from "vitest";
import { EMPTY_SHA256, encodeRfc3986, sha256Hex, signV4 } from "./sigv4.ts";

// The worked examples of the AWS S3 documentation ("Signature Calculations for the Authorization
// Header: Transferring Payload in a Single Chunk").
const credentials = {
  accessKeyId: "AKIAIOSFODNN7EXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  region: "us-east-1",
};
const at = new Date("2013-05-24T00:00:00Z");
const signatureOf = (headers: Record<string, string>) =>
  /Signature=([0-9a-f]{64})$/.exec(headers.authorization ?? "")?.[1];

describe("signV4", () => {
  it("signs the documented GET Object example", () => {
    const headers = signV4(
      {
        method: "GET",
        url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
        headers: { Range: "bytes=0-9" },
        payloadHash: EMPTY_SHA256,
      },
      credentials,
      at,
    );
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
    expect(headers["x-amz-date"]).toBe("20130524T000000Z");
  });

  it("signs the documented PUT Object example, with an encoded key", () => {
    const body = "Welcome to Amazon S3.";
    const headers = signV4(
      {
        method: "PUT",
        url: new URL(`https://examplebucket.s3.amazonaws.com/${encodeRfc3986("test$file.text")}`),
        headers: { Date: "Fri, 24 May 2013 00:00:00 GMT", "x-amz-storage-class": "REDUCED_REDUNDANCY" },
        payloadHash: sha256Hex(body),
      },
      credentials,
      at,
    );
    expect(headers["x-amz-content-sha256"]).toBe(
      "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072",
    );
    expect(signatureOf(headers)).toBe("98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd");
  });

  it("signs the documented GET Bucket Lifecycle and list examples (query strings)", () => {
    const lifecycle = signV4(
      {
        method: "GET",
        url: new URL("https://examplebucket.s3.amazonaws.com/?lifecycle"),
        payloadHash: EMPTY_SHA256,
      },
      credentials,
      at,
    );
    expect(signatureOf(lifecycle)).toBe("fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543");
    const list = signV4(
      {
        method: "GET",
        url: new URL("https://examplebucket.s3.amazonaws.com/?prefix=J&max-keys=2"),
        payloadHash: EMPTY_SHA256,
      },
      credentials,
      at,
    );
    expect(signatureOf(list)).toBe("34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7");
  });

  it("changes the signature with the secret, the body hash or the path", () => {
    const base = { method: "GET", url: new URL("https://b.example.com/a"), payloadHash: EMPTY_SHA256 };
    const reference = signatureOf(signV4(base, credentials, at));
    expect(signatureOf(signV4(base, { ...credentials, secretAccessKey: "other" }, at))).not.toBe(reference);
    expect(signatureOf(signV4({ ...base, payloadHash: sha256Hex("x") }, credentials, at))).not.toBe(
      reference,
    );
    expect(
      signatureOf(signV4({ ...base, url: new URL("https://b.example.com/b") }, credentials, at)),
    ).not.toBe(reference);
  });

  it("percent-encodes the characters encodeURIComponent leaves alone", () => {
    expect(encodeRfc3986("a b!'()*~")).toBe("a%20b%21%27%28%29%2A~");
  });
});
