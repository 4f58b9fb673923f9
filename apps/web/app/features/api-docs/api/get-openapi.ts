import { useQuery } from "@tanstack/react-query";
import { API_BASE } from "~/lib/api-client";
import { type OpenApiDocument, publicOperations } from "../lib/openapi";
import { OPENAPI_KEY } from "./keys";

/** The server's whole OpenAPI document (public, no session): the docs show its public API's operations. */
export async function fetchOpenApi(): Promise<OpenApiDocument> {
  const response = await fetch(`${API_BASE}/openapi.json`, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as OpenApiDocument;
}

export function usePublicOperations() {
  return useQuery({
    queryKey: OPENAPI_KEY,
    queryFn: fetchOpenApi,
    select: publicOperations,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
