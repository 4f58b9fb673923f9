import type { Db } from "@sms/db";
import { pageInformation, type TPageInformation } from "@sms/domain";
import { asc, desc, getTableColumns, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { AppError } from "../errors.ts";

/** Spec §3: what every list answers under `data`. */
export interface Page<T> {
  entities: T[];
  page_information: TPageInformation;
}

/** A validated list query (see listQuery in @sms/domain); `sort` is one of the endpoint's keys. */
export interface PageQuery<K extends string> {
  page: number;
  size: number;
  sort?: K | undefined;
  reverse?: boolean | undefined;
}

type RowOf<
  TTable extends PgTable,
  TFields extends SelectedFields | undefined,
> = TFields extends SelectedFields ? SelectResultFields<TFields> : TTable["$inferSelect"];

export interface PaginateOptions<
  TTable extends PgTable,
  K extends string,
  TFields extends SelectedFields | undefined,
  TEntity,
> {
  from: TTable;
  /** Organization lists pass `scope.where(table, …)` here. */
  where?: SQL | undefined;
  /** A narrower selection than the whole row. */
  select?: TFields;
  /** The endpoint's sort whitelist: every key a column. Nothing else ever reaches ORDER BY. */
  sortable: Record<K, PgColumn | SQL>;
  /** Used when the query names no sort (the query schema usually resolves it already). */
  defaultSort: { key: NoInfer<K>; reverse: boolean };
  /** A unique column that makes the order total, so rows never repeat or vanish between pages; `id` by default. */
  tiebreaker?: PgColumn;
  query: PageQuery<NoInfer<K>>;
  map: (row: RowOf<TTable, TFields>) => TEntity;
}

/**
 * One page of a list: the rows (LIMIT/OFFSET, ordered by the whitelisted column then the
 * tiebreaker in the same direction) and the count of every matching row. A page past the end is
 * empty with the real totals, so the client can step back.
 *
 * OFFSET and COUNT cost grows with the rows matched: tables of millions of rows (messages, credit
 * entries) must pass a `where` bounded by an indexed date range (boundedDateRange in @sms/domain).
 */
export async function paginate<
  TTable extends PgTable,
  K extends string,
  TEntity,
  TFields extends SelectedFields | undefined = undefined,
>(db: Db, options: PaginateOptions<TTable, K, TFields, TEntity>): Promise<Page<TEntity>> {
  const { from, where, select, sortable, defaultSort, query } = options;
  const key = query.sort ?? defaultSort.key;
  const column = Object.hasOwn(sortable, key) ? sortable[key] : undefined;
  if (!column) throw new AppError("VALIDATION", { messageKey: "validation.sort_invalid" });
  const reverse = query.reverse ?? (query.sort === undefined ? defaultSort.reverse : false);
  const tiebreaker = options.tiebreaker ?? (getTableColumns(from) as Record<string, PgColumn>).id;
  if (!tiebreaker) throw new Error("paginate needs a tiebreaker column for a table without id");
  const direction = reverse ? desc : asc;

  const rowsQuery = (select ? db.select(select) : db.select()).from(from as PgTable).$dynamic();
  const [rows, total] = await Promise.all([
    rowsQuery
      .where(where)
      .orderBy(direction(column), direction(tiebreaker))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.$count(from, where),
  ]);
  return {
    entities: (rows as RowOf<TTable, TFields>[]).map(options.map),
    page_information: pageInformation(query.page, query.size, total),
  };
}
