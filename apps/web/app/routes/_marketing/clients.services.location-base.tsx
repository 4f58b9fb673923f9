import { ServicePage } from "~/features/marketing/components/service-page";
import { SERVICES } from "~/features/marketing/content/services";
import { marketingMeta } from "~/features/marketing/seo";
import { useLocale } from "~/lib/locale";
import type { Route } from "./+types/clients.services.location-base";

export const meta: Route.MetaFunction = ({ location }) =>
  marketingMeta("clients.services.location-base", location.pathname);

export default function LocationBaseService() {
  const locale = useLocale();
  return <ServicePage c={SERVICES["location-base"][locale]} locale={locale} />;
}
