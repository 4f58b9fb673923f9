import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { testConfig } from "../test/test-app.ts";
import { createStorage } from "./index.ts";
import { LocalStorage } from "./local-storage.ts";
import { S3Storage } from "./s3-storage.ts";

const s3Env = {
  STORAGE_DRIVER: "s3",
  S3_BUCKET: "sms-files",
  S3_ACCESS_KEY_ID: "AKID",
  S3_SECRET_ACCESS_KEY: "secret",
};

describe("storage configuration", () => {
  it("keeps uploads on the local disk under DATA_DIR by default", () => {
    const config = testConfig({ DATA_DIR: "/srv/sms-data" });
    expect(config.storage).toEqual({ driver: "local", dir: join("/srv/sms-data", "uploads") });
    const storage = createStorage(config.storage);
    expect(storage).toBeInstanceOf(LocalStorage);
    expect((storage as LocalStorage).root).toBe("/srv/sms-data/uploads");
  });

  it("uses an S3-compatible bucket when configured", () => {
    const aws = testConfig({ ...s3Env, S3_REGION: "ap-southeast-1" }).storage;
    expect(aws).toMatchObject({
      driver: "s3",
      endpoint: "https://s3.ap-southeast-1.amazonaws.com",
      forcePathStyle: false,
    });
    const minio = testConfig({
      ...s3Env,
      S3_ENDPOINT: "http://minio:9000/",
      S3_FORCE_PATH_STYLE: "true",
    }).storage;
    expect(minio).toMatchObject({ endpoint: "http://minio:9000", region: "us-east-1", forcePathStyle: true });
    expect(createStorage(minio)).toBeInstanceOf(S3Storage);
  });

  it("refuses to start with S3 half configured", () => {
    expect(() => testConfig({ STORAGE_DRIVER: "s3", S3_BUCKET: "b" })).toThrow(/S3_ACCESS_KEY_ID/);
    expect(() => testConfig({ STORAGE_DRIVER: "ftp" })).toThrow(/STORAGE_DRIVER/);
  });
});
