import { describe, expect, it } from "vitest";
import { VALIDATION_MESSAGE_KEYS } from "../rules/validation.ts";
import {
  formatUploadLimit,
  MAX_UPLOAD_BYTES,
  UPLOAD_KINDS,
  UPLOAD_MESSAGE_KEYS,
  uploadAccept,
  ZUploadKind,
} from "./files.ts";

describe("UPLOAD_KINDS", () => {
  it("words every message in both languages", () => {
    const texts: Record<string, { en: string; th: string }> = {
      ...VALIDATION_MESSAGE_KEYS,
      ...UPLOAD_MESSAGE_KEYS,
    };
    for (const kind of Object.values(UPLOAD_KINDS)) {
      for (const key of [kind.missingMessage, kind.unsupportedMessage]) {
        expect(texts[key]?.en, key).toBeTruthy();
        expect(texts[key]?.th, key).toBeTruthy();
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
