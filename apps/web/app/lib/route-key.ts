import { type RouteDef, routeByKey } from "@sms/domain/routes";
import { useMatches } from "react-router";

/** Route ids are `<locale>:<key>` (see routes.ts); this finds the page's key. */
export function useCurrentRoute(): RouteDef | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const id = matches[i]?.id ?? "";
    const key = id.slice(id.indexOf(":") + 1);
    const route = routeByKey(key);
    if (route) return route;
  }
  return undefined;
}
