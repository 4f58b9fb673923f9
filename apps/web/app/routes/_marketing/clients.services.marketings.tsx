import { ServicePage } from "~/features/marketing/components/service-page";
import { SERVICES } from "~/features/marketing/content/services";
import { marketingMeta } from "~/features/marketing/seo";
import { useLocale } from "~/lib/locale";
import type { Route } from "./+types/clients.services.marketings";

export const meta: Route.MetaFunction = ({ location }) =>
  marketingMeta("clients.services.marketings", location.pathname);

export default function MarketingsService() {
  const locale = useLocale();
  return <ServicePage c={SERVICES.marketings[locale]} locale={locale} />;
}
