import { QueryClient, QueryClientProvider, useIsFetching, useIsMutating } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Toaster } from "sonner";
import { LoadingBar } from "./loading-bar";

export const MAX_TOASTS = 5;

function QueryLoadingBar() {
  const busy = useIsFetching() + useIsMutating() > 0;
  return <LoadingBar busy={busy} />;
}

/** Data, toasts and the loading bar for the signed-in and auth areas (kept off marketing pages). */
export function AppProviders({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 } },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <QueryLoadingBar />
      {children}
      <Toaster visibleToasts={MAX_TOASTS} position="top-right" richColors closeButton />
    </QueryClientProvider>
  );
}
