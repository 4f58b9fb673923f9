import { countSms, TRACKED_LINK_SEQ_LENGTH, trackedLinkLength } from "@sms/domain";
import { describe, expect, it } from "vitest";
import { codedText, planLinkTracking, provisionalCodes } from "./link-text.ts";

describe("planLinkTracking", () => {
  it("changes nothing when tracking is off or the text has no link", () => {
    expect(planLinkTracking("See https://example.com", false, "https://sms.example")).toBeNull();
    expect(planLinkTracking("ไม่มีลิงก์", true, "https://sms.example")).toBeNull();
  });

  it("builds short links on the origin alone, its host in ASCII, so they never make a text unicode", () => {
    const plan = planLinkTracking(
      "See https://example.com/a and www.example.org",
      true,
      "https://ไทย.example/portal/",
    );
    expect(plan?.prefix).toBe("https://xn--o3cw4h.example/l/");
    expect(plan?.hrefs).toEqual(["https://example.com/a", "http://www.example.org"]);
    expect(plan?.seqPadding).toBe(2 * TRACKED_LINK_SEQ_LENGTH);
    expect(countSms(plan?.countingText ?? "").encoding).toBe("single-byte");
    expect(plan?.countingText).toHaveLength(
      "See  and ".length + 2 * trackedLinkLength("https://xn--o3cw4h.example"),
    );
  });

  it("refuses to track without a public origin rather than guess one", () => {
    expect(() => planLinkTracking("See https://example.com", true, undefined)).toThrow(/public origin/);
  });

  it("writes each link as the prefix and its destination's code, the same code for the same destination", () => {
    const plan = planLinkTracking(
      "a https://x.example.com b https://x.example.com c www.y.example.com",
      true,
      "https://s.example",
    );
    if (!plan) throw new Error("no plan");
    const codes = provisionalCodes(plan);
    expect(codes).toHaveLength(2);
    expect(
      codedText("a https://x.example.com b https://x.example.com c www.y.example.com", plan, codes),
    ).toBe(
      `a https://s.example/l/${codes[0]} b https://s.example/l/${codes[0]} c https://s.example/l/${codes[1]}`,
    );
  });
});
