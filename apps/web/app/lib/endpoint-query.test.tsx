import { sendersEndpoints } from "@sms/domain/endpoints/senders";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { endpointKey } from "./endpoint-key";
import { useEndpointQuery } from "./endpoint-query";

const page = { entities: [{ id: 1, name: "Acme" }], page: 1, size: 100, total: 1 };

afterEach(() => vi.unstubAllGlobals());

describe("useEndpointQuery", () => {
  it("calls the endpoint with its query, keeps the answer's data under the endpoint's key and selects from it", async () => {
    const fetch = vi.fn(async () => Response.json({ data: page }));
    vi.stubGlobal("fetch", fetch);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const query = { status: "approved" } as const;
    const { result } = renderHook(
      () => useEndpointQuery(sendersEndpoints.list, { query }, { select: (data) => data.entities }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual(page.entities);
    expect(client.getQueryData(endpointKey(sendersEndpoints.list, { query }))).toEqual(page);
    const [url] = fetch.mock.calls[0] as unknown as [string];
    expect(String(url)).toContain("/api/v1/c/senders?status=approved");
  });

  it("asks nothing when not enabled", () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    renderHook(() => useEndpointQuery(sendersEndpoints.list, {}, { enabled: false }), { wrapper });
    expect(fetch).not.toHaveBeenCalled();
  });
});
