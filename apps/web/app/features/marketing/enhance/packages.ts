import type { TPublicPackage } from "@sms/domain/contracts/marketing";
import { formatBahtShort, formatCount, formatPerSms, lowestPricePerSmsSatang } from "../format";

type Fetch = typeof fetch;

export const PACKAGES_URL = "/api/v1/c/packages?size=100";

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");

function valuesOf(p: TPublicPackage): Record<string, string> {
  return {
    name: p.name,
    credits: formatCount(p.credits),
    count: String(p.months),
    price: formatBahtShort(p.price_satang),
    perSms: formatPerSms(p.price_per_sms_satang),
  };
}

/** `/register?package_id=1` → the same path naming another package. */
function withPackage(href: string, id: number): string {
  const url = new URL(href, "http://site.invalid");
  url.searchParams.set("package_id", String(id));
  return `${url.pathname}${url.search}`;
}

/** Fills every `data-tpl` element (and its plural `data-tpl-one`) of a card. */
export function fillCard(card: HTMLElement, p: TPublicPackage, cheapest: number | null): void {
  const values = valuesOf(p);
  card.dataset.packageId = String(p.id);
  for (const el of card.querySelectorAll<HTMLElement>("[data-tpl]")) {
    const one = el.dataset.tplOne;
    el.textContent = fill(p.months === 1 && one ? one : (el.dataset.tpl ?? ""), values);
  }
  // A cloned card's buy link names its own package, whichever target the session links chose.
  for (const link of card.querySelectorAll<HTMLAnchorElement>("a[data-package-link]")) {
    link.href = withPackage(link.getAttribute("href") ?? "", p.id);
    if (link.dataset.appHref) link.dataset.appHref = withPackage(link.dataset.appHref, p.id);
  }
  for (const el of card.querySelectorAll<HTMLElement>("[data-best]")) {
    el.hidden = p.is_trial || p.price_per_sms_satang !== cheapest;
  }
}

/**
 * The price list is prerendered from the catalogue at build time; the live list from
 * GET /api/v1/c/packages (spec §7) replaces it, so prices changed by staff show at once.
 */
export async function initPackages(doc: Document, fetchImpl: Fetch = fetch): Promise<void> {
  const list = doc.querySelector<HTMLElement>("[data-packages-list]");
  const headlines = doc.querySelectorAll<HTMLElement>("[data-min-price]");
  if (!list && headlines.length === 0) return;
  let entities: TPublicPackage[];
  try {
    const res = await fetchImpl(PACKAGES_URL, { headers: { accept: "application/json" } });
    if (!res.ok) return;
    entities = ((await res.json()) as { data: { entities: TPublicPackage[] } }).data.entities;
  } catch {
    return;
  }
  const cheapest = lowestPricePerSmsSatang(entities);
  if (cheapest !== null) {
    for (const el of headlines)
      el.textContent = fill(el.dataset.minPrice ?? "", { price: formatPerSms(cheapest) });
  }
  if (!list) return;
  const templates = {
    trial: list.querySelector<HTMLElement>('[data-kind="trial"]'),
    paid: list.querySelector<HTMLElement>('[data-kind="paid"]'),
  };
  const cards = entities.flatMap((p) => {
    const template = p.is_trial ? templates.trial : templates.paid;
    if (!template) return [];
    const card = template.cloneNode(true) as HTMLElement;
    fillCard(card, p, cheapest);
    return [card];
  });
  if (cards.length > 0) list.replaceChildren(...cards);
  list.dataset.live = "true";
}
