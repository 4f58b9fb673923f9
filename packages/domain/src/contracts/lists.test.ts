import fc from "fast-check";
import { describe, expect, it } from "vitest";
import listsEn from "../../locales/en/lists.json" with { type: "json" };
import reportFiltersEn from "../../locales/en/report-filters.json" with { type: "json" };
import validationEn from "../../locales/en/validation.json" with { type: "json" };
import en from "../catalogue-en.ts";
import th from "../catalogue-th.ts";
import {
  ariaSortOf,
  defineHeaders,
  defineSort,
  LIST_PAGER_WINDOW,
  listQuery,
  nextSort,
  pageInformation,
  pageWindow,
  reportQuery,
  ZListQuery,
} from "./lists.ts";

const SORT = defineSort(["created_at", "name"], { key: "created_at", reverse: true });
const Query = listQuery({ sort: SORT });

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("listQuery", () => {
  it("applies the default order, direction included, when no sort is named", () => {
    expect(Query.parse({})).toEqual({ page: 1, size: 10, sort: "created_at", reverse: true });
  });

  it("reads spec §7 query strings", () => {
    expect(Query.parse({ page: "3", size: "100", sort: "name", reverse: "false" })).toEqual({
      page: 3,
      size: 100,
      sort: "name",
      reverse: false,
    });
    expect(Query.parse({ sort: "name", reverse: true })).toMatchObject({ sort: "name", reverse: true });
  });

  it("sorts ascending when a sort key is named without a direction", () => {
    expect(Query.parse({ sort: "created_at" })).toMatchObject({ sort: "created_at", reverse: false });
  });

  it("keeps the default column but honours an explicit direction", () => {
    expect(Query.parse({ reverse: "false" })).toMatchObject({ sort: "created_at", reverse: false });
  });

  it("refuses a sort key outside the whitelist with a translatable key", () => {
    for (const sort of ["id", "password_hash", "name desc", "created_at; drop table users", ""]) {
      expect(messages(Query.safeParse({ sort }))).toEqual({ sort: "validation.sort_invalid" });
    }
  });

  it("refuses bad paging and directions with translatable keys", () => {
    expect(messages(Query.safeParse({ page: "0" }))).toEqual({ page: "validation.page_invalid" });
    expect(messages(Query.safeParse({ page: "1.5" }))).toEqual({ page: "validation.page_invalid" });
    expect(messages(Query.safeParse({ page: "x" }))).toEqual({ page: "validation.page_invalid" });
    expect(messages(Query.safeParse({ size: "101" }))).toEqual({ size: "validation.page_size_invalid" });
    expect(messages(Query.safeParse({ size: "0" }))).toEqual({ size: "validation.page_size_invalid" });
    expect(messages(Query.safeParse({ reverse: "yes" }))).toEqual({ reverse: "validation.reverse_invalid" });
    expect(messages(Query.safeParse({ search: "x".repeat(101) }))).toEqual({
      search: "validation.search_too_long",
    });
  });

  it("takes a per-endpoint page size limit", () => {
    const Small = listQuery({ sort: SORT, defaultSize: 20, maxSize: 50 });
    expect(Small.parse({}).size).toBe(20);
    expect(Small.safeParse({ size: "51" }).success).toBe(false);
  });

  it("drops a blank search", () => {
    expect(Query.parse({ search: "   " }).search).toBeUndefined();
    expect(Query.parse({ search: " ใจดี " }).search).toBe("ใจดี");
  });

  it("keeps ZListQuery as paging without a sort parameter", () => {
    expect(ZListQuery.parse({ page: "2", sort: "anything" })).toEqual({ page: 2, size: 10 });
  });

  it("has a text in both languages for every message it answers", () => {
    const own = Object.keys({ ...listsEn, ...reportFiltersEn }) as (keyof typeof en)[];
    for (const key of own) {
      expect(en[key].trim(), key).not.toBe("");
      expect(th[key].trim(), key).not.toBe("");
    }
    expect(own.filter((key) => key in validationEn)).toEqual([]);
  });
});

describe("pageInformation", () => {
  it("answers spec §3 pagination with the window of 5", () => {
    expect(pageInformation(2, 2, 5)).toEqual({ page: 2, size: 2, total_item: 5, total_pages: 3, limit: 5 });
    expect(pageInformation(1, 10, 0)).toMatchObject({ total_pages: 1, total_item: 0 });
    expect(pageInformation(9, 10, 30)).toMatchObject({ page: 9, total_pages: 3 });
  });
});

describe("table headers", () => {
  const headers = defineHeaders(SORT, [
    { title: "admin:contacts.received", key: "created_at", sort: true, reverse: true },
    { title: "admin:contacts.from", key: "name", sort: true, class: "min-w-40" },
    { title: "admin:contacts.message", key: "message" },
  ]);
  const [received, name, message] = headers as [
    (typeof headers)[number],
    (typeof headers)[number],
    (typeof headers)[number],
  ];

  it("refuses a sortable header outside the whitelist", () => {
    // @ts-expect-error "message" is not a sort key of this endpoint.
    expect(() => defineHeaders(SORT, [{ title: "x", key: "message", sort: true }])).toThrow(/whitelist/);
  });

  it("flips the direction of the current column and starts another at its own default", () => {
    const current = { sort: "created_at", reverse: true };
    expect(nextSort(current, received)).toEqual({ sort: "created_at", reverse: false });
    expect(nextSort({ sort: "name", reverse: false }, received)).toEqual({
      sort: "created_at",
      reverse: true,
    });
    expect(nextSort(current, name)).toEqual({ sort: "name", reverse: false });
    expect(nextSort(current, message)).toBe(current);
  });

  it("gives aria-sort for sortable columns only", () => {
    expect(ariaSortOf(received, { sort: "created_at", reverse: true })).toBe("descending");
    expect(ariaSortOf(received, { sort: "created_at", reverse: false })).toBe("ascending");
    expect(ariaSortOf(name, { sort: "created_at", reverse: true })).toBe("none");
    expect(ariaSortOf(message, { sort: "created_at", reverse: true })).toBeUndefined();
  });
});

describe("pageWindow", () => {
  it.each([
    [1, 20, [1, 2, 3, 4, 5]],
    [2, 20, [1, 2, 3, 4, 5]],
    [3, 20, [1, 2, 3, 4, 5]],
    [4, 20, [2, 3, 4, 5, 6]],
    [10, 20, [8, 9, 10, 11, 12]],
    [19, 20, [16, 17, 18, 19, 20]],
    [20, 20, [16, 17, 18, 19, 20]],
    [2, 3, [1, 2, 3]],
    [1, 1, [1]],
    [1, 0, [1]],
    [50, 20, [16, 17, 18, 19, 20]],
  ])("page %i of %i → %j", (page, total, expected) => {
    expect(pageWindow(page, total)).toEqual(expected);
  });

  it("always shows min(5, total) consecutive pages that include the current one", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 500 }), (a, b) => {
        const total = Math.max(a, b);
        const page = Math.min(a, b);
        const pages = pageWindow(page, total);
        expect(pages).toHaveLength(Math.min(LIST_PAGER_WINDOW, total));
        expect(pages).toContain(page);
        expect(pages[0]).toBeGreaterThanOrEqual(1);
        expect(pages.at(-1)).toBeLessThanOrEqual(total);
        pages.forEach((p, i) => {
          if (i > 0) expect(p).toBe((pages[i - 1] ?? 0) + 1);
        });
      }),
    );
  });
});

describe("reportQuery", () => {
  // 14 May 2026, 09:00 in Bangkok.
  const now = () => new Date("2026-05-14T02:00:00Z");
  const Report = reportQuery({
    sort: SORT,
    maxDays: 31,
    statuses: ["sent", "delivered", "failed"],
    types: ["instant", "campaign"],
    now,
  });

  it("reads every filter of the convention", () => {
    const value = Report.parse({
      start: "2026-05-01",
      end: "2026-05-14 18:30",
      status: "delivered",
      type: "campaign",
      phone: "081-234-5678",
      sort: "name",
    });
    expect(value).toMatchObject({
      sort: "name",
      reverse: false,
      status: "delivered",
      type: "campaign",
      phone: "66812345678",
      range: {
        start: new Date("2026-04-30T17:00:00Z"),
        end: new Date("2026-05-14T11:31:00Z"),
        days: 14,
      },
    });
  });

  it("treats empty filters as none", () => {
    const value = Report.parse({ start: "", end: "", status: "", type: "", phone: " " });
    expect(value).toMatchObject({ range: undefined, status: undefined, type: undefined, phone: undefined });
  });

  it("answers the spec message key for a bad phone and translatable keys for the rest", () => {
    const result = Report.safeParse({ phone: "12345", status: "lost", type: "otp", sort: "id" });
    expect(messages(result)).toEqual({
      phone: "validation.phone_invalid",
      status: "validation.status_invalid",
      type: "validation.type_invalid",
      sort: "validation.sort_invalid",
    });
    expect(en["validation.phone_invalid"]).toBe("Phone Number is invalid!");
  });

  it("applies the range rules", () => {
    expect(messages(Report.safeParse({ start: "2026-05-01" }))).toEqual({
      end: "validation.date_range_incomplete",
    });
    expect(messages(Report.safeParse({ end: "2026-05-01" }))).toEqual({
      start: "validation.date_range_incomplete",
    });
    expect(messages(Report.safeParse({ start: "2026-05-10", end: "2026-05-09" }))).toEqual({
      end: "validation.date_range_order",
    });
    expect(messages(Report.safeParse({ start: "2026-04-13", end: "2026-05-14" }))).toEqual({
      end: "validation.date_range_too_long",
    });
    expect(messages(Report.safeParse({ start: "2026-05-14", end: "2026-05-15" }))).toEqual({
      end: "validation.date_in_future",
    });
    expect(messages(Report.safeParse({ start: "14/05/2026", end: "2026-05-14" }))).toEqual({
      start: "validation.date_invalid",
    });
    expect(Report.safeParse({ start: "2026-04-14", end: "2026-05-14" }).success).toBe(true);
  });

  it("leaves the range out when a small table's report names none", () => {
    expect(Report.parse({}).range).toBeUndefined();
  });

  it("always bounds a big table's report, by default to the last 7 Bangkok days", () => {
    const Messages = reportQuery({ sort: SORT, maxDays: 31, bounded: true, now });
    const { range } = Messages.parse({});
    expect(range).toEqual({
      start: new Date("2026-05-07T17:00:00Z"),
      end: new Date("2026-05-14T17:00:00Z"),
      days: 7,
    });
    expect(Messages.parse({ start: "2026-05-01", end: "2026-05-02" }).range.days).toBe(2);
    expect(messages(Messages.safeParse({ start: "2026-01-01", end: "2026-05-14" }))).toEqual({
      end: "validation.date_range_too_long",
    });
  });

  it("refuses status and type on a report that has none", () => {
    const Plain = reportQuery({ sort: SORT, maxDays: 31, now });
    expect(messages(Plain.safeParse({ status: "sent", type: "x" }))).toEqual({
      status: "validation.status_invalid",
      type: "validation.type_invalid",
    });
  });
});
