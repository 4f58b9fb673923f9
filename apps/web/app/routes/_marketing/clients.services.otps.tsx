import { marketingMeta, SERVICES, ServicePage } from "~/features/marketing";
import { useLocale } from "~/lib/locale";
import type { Route } from "./+types/clients.services.otps";

export const meta: Route.MetaFunction = ({ location }) =>
  marketingMeta("clients.services.otps", location.pathname);

export default function OtpsService() {
  const locale = useLocale();
  return <ServicePage c={SERVICES.otps[locale]} locale={locale} />;
}
