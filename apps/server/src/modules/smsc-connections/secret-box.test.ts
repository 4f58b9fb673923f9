import { describe, expect, it } from "vitest";
import { createSecretBox } from "./secret-box.ts";

const KEY = "a-test-key-of-at-least-thirty-two-characters";

describe("the SMSC secret box", () => {
  it("opens what it sealed, with a fresh IV each time, and never stores the plain text", () => {
    const box = createSecretBox(KEY);
    const a = box.seal("s3cr3t!");
    const b = box.seal("s3cr3t!");
    expect(a).not.toBe(b);
    expect(a).not.toContain("s3cr3t");
    expect(a.startsWith("v1:")).toBe(true);
    expect(box.open(a)).toBe("s3cr3t!");
    expect(box.open(b)).toBe("s3cr3t!");
    expect(box.open(box.seal(""))).toBe("");
  });

  it("refuses another key, a changed byte and a foreign format", () => {
    const sealed = createSecretBox(KEY).seal("password");
    expect(() => createSecretBox(`${KEY}-other`).open(sealed)).toThrow();
    const [v, iv, tag, data] = sealed.split(":") as [string, string, string, string];
    const flipped = Buffer.from(data, "base64url");
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => createSecretBox(KEY).open([v, iv, tag, flipped.toString("base64url")].join(":"))).toThrow();
    expect(() => createSecretBox(KEY).open("password")).toThrow(/not a sealed/);
    expect(() => createSecretBox(KEY).open(`v2:${iv}:${tag}:${data}`)).toThrow(/not a sealed/);
  });
});
