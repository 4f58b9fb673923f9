import { byNamespace } from "./by-namespace";

/**
 * Every namespace of the English catalogue in one chunk: a page asks for its language's text in one
 * request, not one per namespace (29 requests and modules on every page load, ADR 126).
 */
export default byNamespace(
  import.meta.glob<Record<string, unknown>>("../../locales/en/*.json", { eager: true, import: "default" }),
);
