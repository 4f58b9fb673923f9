import { ServicePage } from "~/features/marketing/components/service-page";
import { SERVICES } from "~/features/marketing/content/services";
import { marketingMeta } from "~/features/marketing/seo";
import { useLocale } from "~/lib/locale";
import type { Route } from "./+types/clients.services.otps";

export const meta: Route.MetaFunction = ({ location }) =>
  marketingMeta("clients.services.otps", location.pathname);

export default function OtpsService() {
  const locale = useLocale();
  return <ServicePage c={SERVICES.otps[locale]} locale={locale} />;
}
