import type { z } from "zod";
import { defineSort, listQuery } from "./lists.ts";

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
export const ZContactSubmissionsQuery = listQuery({
  sort: CONTACT_SUBMISSION_SORT,
  defaultSize: CONTACT_SUBMISSIONS_PAGE_SIZE,
});
export type TContactSubmissionsQuery = z.output<typeof ZContactSubmissionsQuery>;
