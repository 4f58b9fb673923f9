import { describe, expect, it } from "vitest";
import { isStopReply } from "./stop-reply.ts";

describe("isStopReply", () => {
  it("recognises STOP in any case, spacing or punctuation, in English and Thai", () => {
    for (const text of ["STOP", " stop ", "Stop.", "STOP ALL", "unsubscribe", "ยกเลิก", " หยุด ", "ไม่รับ"]) {
      expect(isStopReply(text), text).toBe(true);
    }
  });
  it("keeps ordinary replies, even ones that contain the word", () => {
    for (const text of ["ok thanks", "please don't stop", "ยกเลิกนัดพรุ่งนี้ได้ไหม", "", "stopping by later"]) {
      expect(isStopReply(text), text).toBe(false);
    }
  });
});
