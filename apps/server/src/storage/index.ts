import { LocalStorage } from "./local-storage.ts";
import { S3Storage, type S3StorageOptions } from "./s3-storage.ts";
import type { ObjectStorage } from "./storage.ts";

export type { ObjectStorage } from "./storage.ts";

/** Where uploads are kept (config.ts reads it from the environment). */
export type StorageConfig =
  | { driver: "local"; dir: string }
  | ({ driver: "s3" } & Omit<S3StorageOptions, "spoolDir">);

export function createStorage(config: StorageConfig): ObjectStorage {
  if (config.driver === "s3") return new S3Storage(config);
  return new LocalStorage(config.dir);
}
