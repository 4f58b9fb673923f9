import { DocPage, marketingMeta, TERMS_CONTENT } from "~/features/marketing";
import type { Route } from "./+types/clients.term-and-conditions";

export const meta: Route.MetaFunction = ({ location }) =>
  marketingMeta("clients.term-and-conditions", location.pathname);

export default function Terms() {
  return <DocPage content={TERMS_CONTENT} />;
}
