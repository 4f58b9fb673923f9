import type { TMe } from "@sms/domain/contracts/accounts";
import { createContext, type ReactNode, useContext, useMemo } from "react";
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

/** Loads the current user once on entering the signed-in area and shares it with the pages. */
export function CurrentUserProvider({ children }: { children: ReactNode }) {
  const me = useMe();
  const value = useMemo(() => toCurrentUser(me.data, me.isPending), [me.data, me.isPending]);
  return <CurrentUserContext value={value}>{children}</CurrentUserContext>;
}

export function useCurrentUser(): CurrentUser {
  return useContext(CurrentUserContext);
}
