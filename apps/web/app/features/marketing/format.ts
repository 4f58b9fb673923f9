/** Money and counts for the public pages, without dayjs so the enhancement script stays tiny. */
const integer = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const twoDecimals = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const formatCount = (value: number) => integer.format(value);

/** "799", "2,500" for whole baht; "0.54" for fractions. */
export function formatBahtShort(satang: number): string {
  return satang % 100 === 0 ? integer.format(satang / 100) : twoDecimals.format(satang / 100);
}

/** Price per SMS always with two decimals: "0.19". */
export const formatPerSms = (satang: number) => twoDecimals.format(satang / 100);

/** The advertised "from as low as … per SMS" (spec §1): the cheapest paid package. */
export function lowestPricePerSmsSatang(
  packages: readonly { price_per_sms_satang: number; is_trial: boolean }[],
) {
  const paid = packages.filter((p) => !p.is_trial).map((p) => p.price_per_sms_satang);
  return paid.length > 0 ? Math.min(...paid) : null;
}
