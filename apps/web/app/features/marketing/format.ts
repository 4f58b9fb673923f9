/** Money and counts for the public pages, without dayjs so the enhancement script stays tiny. */
/** Thousands separators by hand: Intl formatters cost main-thread time on a phone, for "1,234". */
function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

export const formatCount = (value: number) =>
  `${value < 0 ? "-" : ""}${group(String(Math.round(Math.abs(value))))}`;

/** Price per SMS always with two decimals: "0.19". */
export function formatPerSms(satang: number): string {
  const abs = Math.abs(Math.round(satang));
  return `${satang < 0 ? "-" : ""}${group(String(Math.floor(abs / 100)))}.${String(abs % 100).padStart(2, "0")}`;
}

/** "799", "2,500" for whole baht; "0.54" for fractions. */
export function formatBahtShort(satang: number): string {
  return satang % 100 === 0 ? formatCount(satang / 100) : formatPerSms(satang);
}

/** The advertised "from as low as … per SMS" (spec §1): the cheapest paid package. */
export function lowestPricePerSmsSatang(
  packages: readonly { price_per_sms_satang: number; is_trial: boolean }[],
) {
  const paid = packages.filter((p) => !p.is_trial).map((p) => p.price_per_sms_satang);
  return paid.length > 0 ? Math.min(...paid) : null;
}
