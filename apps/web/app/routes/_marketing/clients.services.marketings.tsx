import { marketingMeta, SERVICES, ServicePage } from "~/features/marketing";
import { useLocale } from "~/lib/locale";
import type { Route } from "./+types/clients.services.marketings";

export const meta: Route.MetaFunction = ({ location }) =>
  marketingMeta("clients.services.marketings", location.pathname);

export default function MarketingsService() {
  const locale = useLocale();
  return <ServicePage c={SERVICES.marketings[locale]} locale={locale} />;
}
