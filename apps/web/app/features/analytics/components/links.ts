import { reasonParam } from "@sms/domain/contracts/campaigns";

/** The filters a figure stands for, as the messages report reads them from its URL. */
export interface FigureFilters {
  start: string;
  end: string;
  campaign_id?: string | undefined;
  sender?: string | undefined;
  operator?: string | undefined;
  status?: "delivered" | "failed" | undefined;
  reason?: { state: number; code: string } | undefined;
}

/** The messages report's address for a figure: its period and filters in the URL. */
export function messagesHref(filters: FigureFilters): string {
  const params = new URLSearchParams({ start: filters.start, end: filters.end });
  for (const key of ["campaign_id", "sender", "operator", "status"] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (filters.reason) params.set("reason", reasonParam(filters.reason.state, filters.reason.code));
  return `/reports/messages?${params.toString()}`;
}

/** A share of a whole (0 when nothing), in the reader's language with one decimal at most. */
export function percent(part: number, whole: number, locale: string): string {
  return new Intl.NumberFormat(locale === "th" ? "th-TH" : "en-GB", {
    style: "percent",
    maximumFractionDigits: 1,
  }).format(whole > 0 ? part / whole : 0);
}
