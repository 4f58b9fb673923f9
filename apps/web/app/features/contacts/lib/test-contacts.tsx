import type { TContact, TContactGroup } from "@sms/domain/contracts/contacts";
import type { AnyEndpoint } from "@sms/domain/endpoints/define";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";

/** Test data and a renderer for the feature's component tests. */

export const aGroup = (patch: Partial<TContactGroup> = {}): TContactGroup => ({
  id: 7,
  name: "ลูกค้า VIP",
  contact_count: 1_234_567,
  created_at: "2026-11-20T03:00:00.000Z",
  updated_at: "2026-11-20T03:00:00.000Z",
  ...patch,
});

export const aContact = (id: number, patch: Partial<TContact> = {}): TContact => ({
  id,
  group_id: 7,
  first_name: `First${id}`,
  last_name: `Last${id}`,
  phone_number: `08123456${String(id).padStart(2, "0")}`,
  created_at: "2026-11-20T03:00:00.000Z",
  updated_at: "2026-11-20T03:00:00.000Z",
  ...patch,
});

export const pageOf = <T,>(entities: T[], total = entities.length) => ({
  data: { entities, page_information: { page: 1, size: 10, total_item: total, total_pages: 1, limit: 5 } },
});

/** The "METHOD /path" of a declared endpoint, to answer mocked api.call by endpoint. */
export const routeOf = (endpoint: AnyEndpoint) => `${endpoint.method} ${endpoint.path}`;

/** Renders at `path` (English) inside a router and a fresh query client; other paths show their name. */
export function renderAt(path: string, element: ReactNode, pattern = path) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: pattern, element },
      { path: "*", element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
