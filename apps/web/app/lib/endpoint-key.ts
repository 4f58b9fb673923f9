import type { AnyEndpoint, EndpointParams, EndpointQuery } from "@sms/domain/endpoints/define";

/** What a read is called with: its path parameters and its query, as `api.call` takes them. */
export type EndpointKeyInput<E extends AnyEndpoint> = {
  params?: EndpointParams<E>;
  query?: EndpointQuery<E>;
};

/**
 * The resource an endpoint belongs to: the first segment after `/c` for the organization's
 * endpoints (`/c/contact-groups/{id}/contacts` → `contact-groups`), else the scope and the first
 * segment (`/admin/senders/{id}` → `admin/senders`).
 */
function resourceOf(path: string): string {
  const [scope = "", name = ""] = path.split("/").filter(Boolean);
  return scope === "c" ? name : `${scope}/${name}`;
}

/**
 * The TanStack Query key prefix of every endpoint of a resource (ADR 72): `["contact-groups"]`
 * covers the groups' list, one group and its contacts, so one invalidation refreshes them all.
 */
export function resourceKey(endpoint: AnyEndpoint): readonly [string] {
  return [resourceOf(endpoint.path)];
}

/**
 * The TanStack Query key of a read, made from its typed endpoint declaration (ADR 72):
 * `[resource, path]` names every cached answer of the endpoint (what an invalidation or a list's key
 * prefix takes), `[resource, path, input]` one call's answer. Every screen reading the same endpoint
 * thus shares its owner's cache and invalidations; no key is spelled by hand.
 */
export function endpointKey<E extends AnyEndpoint>(
  endpoint: E,
  input?: EndpointKeyInput<E>,
): readonly unknown[] {
  const key = [resourceOf(endpoint.path), endpoint.path] as const;
  return input === undefined ? key : [...key, input];
}
