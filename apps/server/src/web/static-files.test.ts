import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { contentType, StaticFiles } from "./static-files.ts";

function build(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "static-files-"));
  for (const [rel, body] of Object.entries(files)) {
    mkdirSync(join(dir, rel, ".."), { recursive: true });
    writeFileSync(join(dir, rel), body);
  }
  return dir;
}

describe("StaticFiles", () => {
  it("reads a content-hashed asset once: it is served from memory after the file is gone", async () => {
    const root = build({ "assets/app-1.js": "console.log(1)" });
    const files = new StaticFiles(root);
    const first = await files.get("assets/app-1.js");
    expect(first?.body.toString()).toBe("console.log(1)");
    expect(first?.type).toBe("text/javascript; charset=utf-8");
    rmSync(join(root, "assets/app-1.js"));
    expect(await files.get("assets/app-1.js")).toBe(first);
    expect(files.heldBytes).toBe(14);
  });

  it("serves a page again when it changed on disk, and forgets one that was removed", async () => {
    const root = build({ "index.html": "<html>one</html>" });
    const files = new StaticFiles(root);
    const one = await files.get("index.html");
    expect(await files.get("index.html")).toBe(one);
    writeFileSync(join(root, "index.html"), "<html>two, longer</html>");
    // A rebuild can land within the same millisecond: the size tells it apart, or else the time.
    utimesSync(join(root, "index.html"), new Date(), new Date(Date.now() + 5_000));
    const two = await files.get("index.html");
    expect(two?.body.toString()).toBe("<html>two, longer</html>");
    expect(two?.etag).not.toBe(one?.etag);
    expect(files.heldBytes).toBe(24);
    rmSync(join(root, "index.html"));
    expect(await files.get("index.html")).toBeNull();
    expect(files.heldBytes).toBe(0);
  });

  it("answers null for a directory or a missing file", async () => {
    const files = new StaticFiles(build({ "en/index.html": "<html/>" }));
    expect(await files.get("en")).toBeNull();
    expect(await files.get("assets/missing.js")).toBeNull();
  });

  it("holds at most its budget: a file over it, or past the total, is read from disk each time", async () => {
    const root = build({
      "assets/big.js": "x".repeat(100),
      "assets/a.js": "a".repeat(40),
      "assets/b.js": "b".repeat(40),
    });
    const files = new StaticFiles(root, { maxBytes: 60, maxFileBytes: 50 });
    expect((await files.get("assets/big.js"))?.body.length).toBe(100);
    expect(files.heldBytes).toBe(0);
    await files.get("assets/a.js");
    expect(files.heldBytes).toBe(40);
    expect((await files.get("assets/b.js"))?.body.toString()).toBe("b".repeat(40));
    expect(files.heldBytes).toBe(40);
    // Not held, so a change on disk is what the next request gets.
    writeFileSync(join(root, "assets/b.js"), "c".repeat(40));
    expect((await files.get("assets/b.js"))?.body.toString()).toBe("c".repeat(40));
  });

  it("types what a build holds; anything else is a download", () => {
    expect(contentType("a.CSS")).toBe("text/css; charset=utf-8");
    expect(contentType("en/login.data")).toBe("text/x-script");
    expect(contentType("favicon.svg")).toBe("image/svg+xml");
    expect(contentType("archive.tar")).toBe("application/octet-stream");
  });
});
