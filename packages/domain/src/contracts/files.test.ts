import { describe, expect, it } from "vitest";
import en from "../catalogue-en.ts";
import th from "../catalogue-th.ts";
import { formatUploadLimit, MAX_UPLOAD_BYTES, UPLOAD_KINDS, uploadAccept, ZUploadKind } from "./files.ts";

describe("UPLOAD_KINDS", () => {
  it("words every message in both languages", () => {
    const texts = (lang: Record<string, string>, key: string) => lang[key];
    for (const kind of Object.values(UPLOAD_KINDS)) {
      for (const key of [kind.missingMessage, kind.unsupportedMessage]) {
        expect(texts(en, key), key).toBeTruthy();
        expect(texts(th, key), key).toBeTruthy();
      }
    }
  });

  it("keeps the spec's limits: evidence 5 MB, imports CSV and XLSX only", () => {
    expect(UPLOAD_KINDS.sender_evidence.maxBytes).toBe(5 * 1024 * 1024);
    expect(UPLOAD_KINDS.contact_import.types).toEqual(["csv", "xlsx"]);
    expect(UPLOAD_KINDS.file_campaign.types).toEqual(["csv", "xlsx"]);
    expect(MAX_UPLOAD_BYTES).toBe(50 * 1024 * 1024);
  });

  it("gives the web its accept attribute and readable limits", () => {
    expect(uploadAccept("sender_evidence")).toBe(".pdf,.png,.jpg,.jpeg");
    expect(uploadAccept("contact_import")).toBe(".csv,.xlsx");
    expect(formatUploadLimit(5 * 1024 * 1024)).toBe("5 MB");
    expect(formatUploadLimit(1.5 * 1024 * 1024)).toBe("1.5 MB");
  });

  it("accepts only declared kinds", () => {
    expect(ZUploadKind.safeParse("payment_proof").success).toBe(true);
    const refused = ZUploadKind.safeParse("avatar");
    expect(refused.error?.issues[0]?.message).toBe("validation.upload_kind_invalid");
  });
});
