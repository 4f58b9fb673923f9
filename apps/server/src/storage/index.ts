import type { StorageConfig } from "../config.ts";
import { LocalStorage } from "./local-storage.ts";
import { S3Storage } from "./s3-storage.ts";
import type { ObjectStorage } from "./storage.ts";

export type { ObjectStorage } from "./storage.ts";

export function createStorage(config: StorageConfig): ObjectStorage {
  if (config.driver === "s3") return new S3Storage(config);
  return new LocalStorage(config.dir);
}
