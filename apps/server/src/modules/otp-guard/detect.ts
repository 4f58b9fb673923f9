import { type Db, queryRows } from "@sms/db";
import { OTP_GUARD } from "@sms/domain";
import { sql } from "drizzle-orm";

export interface HeldPrefix {
  organizationId: number;
  prefix: string;
  requests: number;
  verified: number;
  baseline: number;
}

const minutesBefore = (at: Date, minutes: number): string =>
  new Date(at.getTime() - minutes * 60_000).toISOString();

/**
 * The anomaly detection (ADR 98), every minute: for each organization that requested codes lately,
 * each prefix's verify conversion over the last hour (codes old enough to have been typed in, or
 * verified) is compared with the organization's baseline (its conversion over the 7 days before
 * that hour; the platform default while it has too few codes). A prefix with enough codes whose
 * conversion fell below a share of the baseline is held (or its hold renewed). Set-based: the
 * baseline is read only for organizations with a suspect prefix, which a prefix can only be below
 * collapseRatio (a baseline is at most 1).
 */
export async function detectOtpAnomalies(db: Db, now = new Date()): Promise<HeldPrefix[]> {
  const g = OTP_GUARD;
  const at = now.toISOString();
  const lookbackStart = minutesBefore(now, g.lookbackMinutes);
  const settled = new Date(now.getTime() - g.settleSeconds * 1000).toISOString();
  const baselineStart = minutesBefore(now, g.lookbackMinutes + g.baselineDays * 24 * 60);
  const rows = await queryRows<{
    organization_id: number;
    prefix: string;
    requests: number;
    verified: number;
    baseline: number;
  }>(
    db,
    sql`
      with active as (
        select distinct organization_id from otp_guard_counters
         where window_start >= ${minutesBefore(now, g.lookbackMinutes + g.windowSeconds / 60)}::timestamptz
           and bucket = 'org'
      ), prefixes as (
        select o.organization_id, left(o.msisdn, 7) as prefix, count(*)::int as requests,
               (count(*) filter (where o.status = 'verified'))::int as verified
          from active a
          join api_otp_requests o on o.organization_id = a.organization_id
         where o.created_at >= ${lookbackStart}::timestamptz and o.created_at < ${at}::timestamptz
           and (o.status = 'verified' or o.created_at <= ${settled}::timestamptz)
         group by 1, 2
        having count(*) >= ${g.minSample}
           and (count(*) filter (where o.status = 'verified'))::real / count(*) < ${g.collapseRatio}
      ), baselines as (
        select s.organization_id,
               case when b.n >= ${g.baselineMinSample} then b.v::real / b.n else ${g.defaultBaseline}::real end as baseline
          from (select distinct organization_id from prefixes) s
          cross join lateral (
            select count(*)::int as n, (count(*) filter (where o.status = 'verified'))::int as v
              from api_otp_requests o
             where o.organization_id = s.organization_id
               and o.created_at >= ${baselineStart}::timestamptz and o.created_at < ${lookbackStart}::timestamptz
          ) b
      )
      insert into otp_prefix_holds
        (organization_id, prefix, requests, verified, rate, baseline, held_at, held_until, released_at)
      select p.organization_id, p.prefix, p.requests, p.verified, p.verified::real / p.requests, b.baseline,
             ${at}::timestamptz, ${at}::timestamptz + make_interval(mins => ${g.holdMinutes}), null
        from prefixes p join baselines b using (organization_id)
       where p.verified::real / p.requests < b.baseline * ${g.collapseRatio}
         and not exists (
           select 1 from otp_prefix_holds r
            where r.organization_id = p.organization_id and r.prefix = p.prefix
              and r.released_at > ${lookbackStart}::timestamptz)
       order by p.organization_id, p.prefix
      on conflict (organization_id, prefix) do update
         set requests = excluded.requests, verified = excluded.verified, rate = excluded.rate,
             baseline = excluded.baseline, held_until = excluded.held_until, released_at = null,
             held_at = case when otp_prefix_holds.held_until > ${at}::timestamptz and otp_prefix_holds.released_at is null
                            then otp_prefix_holds.held_at else excluded.held_at end
      returning organization_id, prefix, requests, verified, baseline`,
  );
  return rows.map((row) => ({
    organizationId: Number(row.organization_id),
    prefix: row.prefix,
    requests: Number(row.requests),
    verified: Number(row.verified),
    baseline: Number(row.baseline),
  }));
}
