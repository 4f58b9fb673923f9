import { QueryClient, QueryClientProvider, useIsFetching, useIsMutating } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { Toaster } from "sonner";
import { signedOut } from "~/lib/session";
import { useIsPhone } from "~/lib/use-media-query";
import { LoadingBar } from "./loading-bar";

export const MAX_TOASTS = 5;
/** Toasts start below the sticky top bar (h-14) so they never hide its menu, credits or account. */
export const TOAST_OFFSET = { top: "4.5rem" };
/**
 * On a phone a toast at the top covered the page's heading, the very thing it talks about (review
 * D24: "group created" over the group's name): there they rise from the bottom, within reach of
 * the thumb that closes them, as phones' own notices do.
 */
export const PHONE_TOAST_OFFSET = { bottom: "1rem" };

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
  const phone = useIsPhone();
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
        position={phone ? "bottom-center" : "top-right"}
        offset={phone ? PHONE_TOAST_OFFSET : TOAST_OFFSET}
        mobileOffset={phone ? PHONE_TOAST_OFFSET : TOAST_OFFSET}
        richColors
        closeButton
      />
    </QueryClientProvider>
  );
}
