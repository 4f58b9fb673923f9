/**
 * The package a visitor chose on the public price list, kept while they register or sign in so
 * they land in its cart afterwards (issue 10 point 3). Per tab, like the register flow's state.
 */
const KEY = "chosen_package";

export const PACKAGE_PARAM = "package_id";

/** A package id as the URL carries it: a positive whole number, or null. */
export function packageIdFrom(raw: string | null | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,8}$/.test(raw)) return null;
  return Number(raw);
}

export const chosenPackage = {
  remember(id: number | null): void {
    if (id === null) return;
    try {
      window.sessionStorage.setItem(KEY, String(id));
    } catch {
      // Private mode without storage: the visitor picks the package again in the shop.
    }
  },
  peek(): number | null {
    if (typeof window === "undefined") return null;
    try {
      return packageIdFrom(window.sessionStorage.getItem(KEY));
    } catch {
      return null;
    }
  },
  /** Reads and forgets it, so only the first arrival goes to the cart. */
  take(): number | null {
    const id = chosenPackage.peek();
    try {
      window.sessionStorage.removeItem(KEY);
    } catch {
      // Nothing stored.
    }
    return id;
  },
};

/** The cart of a package, as a path of the signed-in area (localized by the caller). */
export function cartPath(id: number): string {
  return `/carts?${PACKAGE_PARAM}=${id}`;
}
