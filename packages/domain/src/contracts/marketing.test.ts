import { describe, expect, it } from "vitest";
import { pricePerSmsSatang, toPublicPackage } from "./marketing.ts";

describe("price per SMS", () => {
  it("rounds to the nearest satang, halves up", () => {
    expect(pricePerSmsSatang(79_900, 1_500)).toBe(53);
    expect(pricePerSmsSatang(53_500, 1_000)).toBe(54);
    expect(pricePerSmsSatang(53_499, 1_000)).toBe(53);
    expect(pricePerSmsSatang(1_900_000, 100_000)).toBe(19);
    expect(pricePerSmsSatang(1, 3)).toBe(0);
    expect(pricePerSmsSatang(0, 0)).toBe(0);
  });

  it("the public card carries it in satang and in baht", () => {
    expect(
      toPublicPackage({ id: 1, name: "S", months: 1, credits: 1_500, priceSatang: 79_900, isTrial: false }),
    ).toMatchObject({ price: 799, price_per_sms: 0.53, price_per_sms_satang: 53 });
  });
});
