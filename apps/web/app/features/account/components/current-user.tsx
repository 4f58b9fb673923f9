import type { TMe } from "@sms/domain/contracts/accounts";
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef } from "react";
import { useLocation } from "react-router";
import { useMe } from "../api/get-me";

/** Spec §3/§4 Session as the app uses it: user, role (the first role), credits and organization id. */
export interface CurrentUser {
  user: TMe | null;
  role: number | null;
  credits: number | null;
  organizationId: number | null;
  isLoading: boolean;
}

const EMPTY: CurrentUser = { user: null, role: null, credits: null, organizationId: null, isLoading: true };
const CurrentUserContext = createContext<CurrentUser>(EMPTY);

export function toCurrentUser(user: TMe | undefined, isLoading: boolean): CurrentUser {
  if (!user) return { ...EMPTY, isLoading };
  return {
    user,
    role: user.roles[0] ?? null,
    credits: user.default_organization?.credits ?? 0,
    organizationId: user.default_organization_id,
    isLoading,
  };
}

/**
 * Loads the current user on entering the signed-in area and shares it with the pages. The session
 * is checked again (GET /c/me) on every move inside the app and whenever the tab comes back into
 * view, whatever the cache says: a session replaced by a login elsewhere then signs the browser
 * out (api-client) before the account's cached data stays on screen for long.
 */
export function CurrentUserProvider({ children }: { children: ReactNode }) {
  const me = useMe();
  const { pathname } = useLocation();
  const { refetch } = me;
  const entered = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each move to another page.
  useEffect(() => {
    // The first render already fetches.
    if (!entered.current) {
      entered.current = true;
      return;
    }
    void refetch({ cancelRefetch: false });
  }, [pathname, refetch]);

  useEffect(() => {
    const check = () => {
      if (document.visibilityState === "visible") void refetch({ cancelRefetch: false });
    };
    document.addEventListener("visibilitychange", check);
    window.addEventListener("focus", check);
    return () => {
      document.removeEventListener("visibilitychange", check);
      window.removeEventListener("focus", check);
    };
  }, [refetch]);

  const value = useMemo(() => toCurrentUser(me.data, me.isPending), [me.data, me.isPending]);
  return <CurrentUserContext value={value}>{children}</CurrentUserContext>;
}

export function useCurrentUser(): CurrentUser {
  return useContext(CurrentUserContext);
}
