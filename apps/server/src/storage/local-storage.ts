import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertStorageKey, type ObjectStorage } from "./storage.ts";

function isMissing(err: unknown): boolean {
  return (err as NodeJS.ErrnoException).code === "ENOENT";
}

/** Files under one directory (by default <DATA_DIR>/uploads), readable by the server's user only. */
export class LocalStorage implements ObjectStorage {
  constructor(readonly root: string) {}

  private pathOf(key: string): string {
    assertStorageKey(key);
    return join(this.root, key);
  }

  async put(key: string, body: Readable): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    // Written beside the target and renamed at the end, so a failed or aborted stream never
    // leaves a half file under the key.
    const partial = `${path}.${randomBytes(6).toString("hex")}.partial`;
    const out = createWriteStream(partial, { flags: "wx", mode: 0o600 });
    try {
      await pipeline(body, out);
      await rename(partial, path);
    } catch (err) {
      // The file is opened asynchronously: when the body fails early (a refused type), the open
      // can complete after pipeline rejects, and a partial file removed too soon would reappear.
      if (!out.closed) await new Promise<void>((resolve) => out.once("close", () => resolve()));
      await rm(partial, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Readable | null> {
    try {
      const handle = await open(this.pathOf(key), "r");
      return handle.createReadStream();
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }
}
