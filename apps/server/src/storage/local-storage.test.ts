import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LocalStorage } from "./local-storage.ts";

let root: string;
let storage: LocalStorage;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "sms-local-storage-"));
  storage = new LocalStorage(join(root, "uploads"));
});
afterEach(() => rm(root, { recursive: true, force: true }));

async function* failingAfter(chunk: string): AsyncGenerator<Buffer> {
  yield Buffer.from(chunk);
  throw new Error("client went away");
}

describe("LocalStorage", () => {
  it("puts, gets, checks and deletes an object under its root", async () => {
    await storage.put("proof/ab/abc-123", Readable.from([Buffer.from("hello "), Buffer.from("world")]));
    expect(await readFile(join(root, "uploads/proof/ab/abc-123"), "utf8")).toBe("hello world");
    expect((await stat(join(root, "uploads/proof/ab/abc-123"))).mode & 0o777).toBe(0o600);
    expect(await storage.exists("proof/ab/abc-123")).toBe(true);
    const stream = await storage.get("proof/ab/abc-123");
    expect(stream && (await text(stream))).toBe("hello world");
    await storage.delete("proof/ab/abc-123");
    expect(await storage.exists("proof/ab/abc-123")).toBe(false);
    expect(await storage.get("proof/ab/abc-123")).toBeNull();
    await expect(storage.delete("proof/ab/abc-123")).resolves.toBeUndefined();
  });

  it("leaves nothing behind when the stream fails half way", async () => {
    await expect(storage.put("k/partial", Readable.from(failingAfter("half")))).rejects.toThrow(
      "client went away",
    );
    expect(await storage.exists("k/partial")).toBe(false);
    expect(await readdir(join(root, "uploads/k"))).toEqual([]);
  });

  it("refuses keys that could leave the root or hide files", async () => {
    for (const key of ["../escape", "a/../../b", "/etc/passwd", ".hidden", "a//b", "a/./b", "", "a\\b"]) {
      await expect(storage.put(key, Readable.from([Buffer.from("x")]))).rejects.toThrow(
        "invalid storage key",
      );
      await expect(storage.get(key)).rejects.toThrow("invalid storage key");
    }
    expect(await readdir(root)).toEqual([]);
  });
});
