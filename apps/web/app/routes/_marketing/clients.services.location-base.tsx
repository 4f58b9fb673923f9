import { marketingMeta, SERVICES, ServicePage } from "~/features/marketing";
import { useLocale } from "~/lib/locale";
import type { Route } from "./+types/clients.services.location-base";

export const meta: Route.MetaFunction = ({ location }) =>
  marketingMeta("clients.services.location-base", location.pathname);

export default function LocationBaseService() {
  const locale = useLocale();
  return <ServicePage c={SERVICES["location-base"][locale]} locale={locale} />;
}
