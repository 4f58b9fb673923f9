import { useLocation, useMatches } from "react-router";
import { pageTitle } from "~/lib/meta";

/** `<title>` of the current route in its language (React hoists it into <head>). */
export function PageTitle() {
  const matches = useMatches();
  const { pathname } = useLocation();
  return <title>{pageTitle(matches[matches.length - 1]?.id ?? "", pathname)}</title>;
}
