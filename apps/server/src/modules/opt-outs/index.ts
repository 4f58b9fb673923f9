/**
 * The opt-out footer of marketing sends and its unsubscribe page (issue 27 point 1, ADR 93): the
 * send's opt_out_links row and each recipient's footer in SQL (footer.ts, used by the acceptance),
 * and `GET|POST /u/:token` (routes.ts, registered by app.ts outside /api/v1). The only door into
 * this module.
 */
export {
  createOptOutLink,
  deleteOptOutLink,
  type OptOutFooter,
  type OptOutPlan,
  optOutFooterPadding,
  optOutFooterSql,
  planOptOut,
  previewFooter,
} from "./footer.ts";
export { registerOptOutRoutes } from "./routes.ts";
