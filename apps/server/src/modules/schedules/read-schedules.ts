import { schema } from "@sms/db";
import {
  type Locale,
  SCHEDULE_DETAIL_RUNS,
  SCHEDULE_SORT,
  type TScheduleDetail,
  type TSchedulesQuery,
  type TSchedulesResponse,
} from "@sms/domain";
import { and, desc, eq, ilike, sql } from "drizzle-orm";
import { AppError } from "../../errors.ts";
import { paginate } from "../../platform/paginate.ts";
import type { TenantScope } from "../../platform/tenant.ts";
import { presentRun, presentSchedule } from "./present.ts";

const s = schema.campaignSchedules;

/** Who reads: the organization, and for a member with only `reports.own`, the user whose schedules it may see. */
export interface ScheduleViewer {
  scope: TenantScope;
  ownUserId: number | null;
}

/** Names sort without regard to case; a schedule without a next send (completed, cancelled) sorts last going up. */
const SORTABLE = {
  created_at: s.createdAt,
  next_run_at: s.nextRunAt,
  name: sql`lower(${s.name})`,
};

/** GET /c/schedules/campaigns: newest first; `search` matches the name (LIKE wildcards literal), `status` filters. */
export async function listSchedules(
  viewer: ScheduleViewer,
  query: TSchedulesQuery,
): Promise<TSchedulesResponse["data"]> {
  return paginate(viewer.scope.db, {
    from: s,
    where: viewer.scope.where(
      s,
      query.search ? ilike(s.name, `%${query.search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`) : undefined,
      query.status ? eq(s.status, query.status) : undefined,
      viewer.ownUserId === null ? undefined : eq(s.userId, viewer.ownUserId),
    ),
    sortable: SORTABLE,
    defaultSort: SCHEDULE_SORT.default,
    query,
    map: presentSchedule,
  });
}

/** The organization's schedule (another organization's, or another user's for an own-only reader, is 404). */
export async function findSchedule(viewer: ScheduleViewer, id: number) {
  const [row] = await viewer.scope.db
    .select()
    .from(s)
    .where(
      viewer.scope.where(
        s,
        eq(s.id, id),
        viewer.ownUserId === null ? undefined : eq(s.userId, viewer.ownUserId),
      ),
    );
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

/** GET /c/schedules/campaigns/{id}: the schedule and its last runs, newest first. */
export async function getSchedule(
  viewer: ScheduleViewer,
  id: number,
  locale: Locale,
): Promise<TScheduleDetail> {
  const row = await findSchedule(viewer, id);
  const r = schema.scheduleRuns;
  const runs = await viewer.scope.db
    .select()
    .from(r)
    .where(and(eq(r.scheduleId, row.id), eq(r.organizationId, row.organizationId)))
    .orderBy(desc(r.occurrenceAt))
    .limit(SCHEDULE_DETAIL_RUNS);
  return { ...presentSchedule(row), runs: runs.map((run) => presentRun(run, locale)) };
}
