import { QueryClient, QueryClientProvider, useIsFetching, useIsMutating } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { Toaster } from "sonner";
import { signedOut } from "~/lib/session";
import { LoadingBar } from "./loading-bar";

export const MAX_TOASTS = 5;
/** Toasts start below the sticky top bar (h-14) so they never hide its menu, credits or account. */
export const TOAST_OFFSET = { top: "4.5rem" };

function QueryLoadingBar() {
  const busy = useIsFetching() + useIsMutating() > 0;
  return <LoadingBar busy={busy} />;
}

/**
 * Data, toasts and the loading bar for the signed-in and auth areas (kept off marketing pages).
 * When the session ends (sign out, replaced, expired) every cached query is dropped and the pages
 * are no longer rendered, so nothing of the old account shows while the browser goes to /login.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } },
      }),
  );
  const [ended, setEnded] = useState(false);
  useEffect(
    () =>
      signedOut.subscribe(() => {
        // The pages go with the data: one left mounted would refetch its cleared queries without a token.
        setEnded(true);
        client.clear();
      }),
    [client],
  );
  return (
    <QueryClientProvider client={client}>
      <QueryLoadingBar />
      {ended ? null : children}
      <Toaster
        visibleToasts={MAX_TOASTS}
        position="top-right"
        offset={TOAST_OFFSET}
        mobileOffset={TOAST_OFFSET}
        richColors
        closeButton
      />
    </QueryClientProvider>
  );
}
