import { describe, expect, it } from "vitest";
import { formatBahtShort, formatCount, formatPerSms, lowestPricePerSmsSatang } from "./format";

describe("marketing number formats", () => {
  it("groups thousands and keeps satang", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(1500)).toBe("1,500");
    expect(formatCount(1_000_000)).toBe("1,000,000");
    expect(formatPerSms(19)).toBe("0.19");
    expect(formatPerSms(54)).toBe("0.54");
    expect(formatPerSms(123_456)).toBe("1,234.56");
    expect(formatBahtShort(79_900)).toBe("799");
    expect(formatBahtShort(9_500_000)).toBe("95,000");
    expect(formatBahtShort(79_950)).toBe("799.50");
  });

  it("advertises the cheapest paid package", () => {
    expect(
      lowestPricePerSmsSatang([
        { price_per_sms_satang: 0, is_trial: true },
        { price_per_sms_satang: 54, is_trial: false },
        { price_per_sms_satang: 19, is_trial: false },
      ]),
    ).toBe(19);
    expect(lowestPricePerSmsSatang([{ price_per_sms_satang: 0, is_trial: true }])).toBeNull();
  });
});
