// biome-ignore lint/style/noRestrictedImports: build time only; React Router keeps `.server` modules out of the browser.
import { PACKAGE_CATALOGUE } from "@sms/db/seed";
import { type TPublicPackage, toPublicPackage } from "@sms/domain/contracts/marketing";

/**
 * The package catalogue as GET /api/v1/c/packages answers it on a fresh install, for the prerendered
 * pages (build time only). The live list from the API replaces it in the browser.
 */
export function buildTimeCatalogue(): TPublicPackage[] {
  return [...PACKAGE_CATALOGUE].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id).map(toPublicPackage);
}
