import { z } from "zod";
import { defineSort, listQuery, listQueryShape, resolveSort } from "./lists.ts";
import { CONTACT_SUBMISSION_STATUSES } from "./marketing.ts";

/** Spec §7 GET /c/packages: the catalogue's own display order (free trial first) unless asked otherwise. */
export const PACKAGE_SORT = defineSort(["sort_order", "id", "name", "months", "credits", "price"], {
  key: "sort_order",
  reverse: false,
});
export const ZPackagesListQuery = listQuery({ sort: PACKAGE_SORT });
export type TPackagesListQuery = z.output<typeof ZPackagesListQuery>;

/** Back-office contact messages: newest first by default. */
export const CONTACT_SUBMISSION_SORT = defineSort(["created_at", "name", "email", "topic"], {
  key: "created_at",
  reverse: true,
});
export const CONTACT_SUBMISSIONS_PAGE_SIZE = 20;
/** `status`: only the new (or the answered) messages; all without it. */
export const ZContactSubmissionsQuery = z
  .object({
    ...listQueryShape({ sort: CONTACT_SUBMISSION_SORT, defaultSize: CONTACT_SUBMISSIONS_PAGE_SIZE }),
    status: z
      .union([z.literal(""), z.enum(CONTACT_SUBMISSION_STATUSES)], { error: "validation.status_invalid" })
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .transform((value) => resolveSort(value, CONTACT_SUBMISSION_SORT));
export type TContactSubmissionsQuery = z.output<typeof ZContactSubmissionsQuery>;
export type TContactSubmissionsQueryInput = z.input<typeof ZContactSubmissionsQuery>;
