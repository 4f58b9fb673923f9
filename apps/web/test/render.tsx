import { splitLocale } from "@sms/domain/routes";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { i18next, loadLanguage } from "~/lib/i18n";

/** A query client that does not retry: a failed request shows its error at once. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export interface RenderAppOptions {
  /** The URL the test starts on; its locale prefix sets the language (and the api client's Accept-Language). */
  path?: string;
  /** The route pattern `ui` is rendered at; by default the path's pathname, or any path with "*". */
  pattern?: string;
  /**
   * Other pages the component may navigate to, by pattern: `{ "/en/senders": <p>list</p> }`; any
   * other path shows `elsewhere` (test id too).
   */
  pages?: Record<string, ReactNode>;
  /** A query client the test seeded (createTestQueryClient); a fresh one otherwise. */
  client?: QueryClient;
  /** Options of the returned user-event instance. */
  userOptions?: Parameters<typeof userEvent.setup>[0];
}

/**
 * Renders `ui` as a page of the app (ADR 75): a memory router at `path`, a fresh query client that
 * does not retry, the language of the path, and window.location at `path` so the real api client
 * sends the matching Accept-Language. Returns the router (for its location), the query client and
 * a user-event instance.
 */
export async function renderApp(ui: ReactNode, options: RenderAppOptions = {}) {
  const path = options.path ?? "/en";
  const url = new URL(path, "http://localhost");
  const { locale } = splitLocale(url.pathname);
  await loadLanguage(locale);
  await i18next.changeLanguage(locale);
  window.history.replaceState(null, "", path);
  const client = options.client ?? createTestQueryClient();
  const router = createMemoryRouter(
    [
      { path: options.pattern ?? url.pathname, element: ui },
      ...Object.entries(options.pages ?? {}).map(([pattern, element]) => ({ path: pattern, element })),
      { path: "*", element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup(options.userOptions);
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, client, user };
}
