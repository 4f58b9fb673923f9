import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { schema } from "@sms/db";
import {
  SCHEDULE_KINDS as DOMAIN_KINDS,
  SCHEDULE_RUN_STATUSES as DOMAIN_RUN_STATUSES,
  SCHEDULE_STATUSES as DOMAIN_STATUSES,
  MEMBER_ROLE,
} from "@sms/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MessageKey, translate } from "../../i18n/index.ts";
import { listFiles, multipartBody } from "../../test/files.ts";
import { errorOf, type SendTenant, sendFixtures } from "../../test/sends.ts";
import { addMember, expectCrossTenant404, signIn } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { fireNextDue } from "./index.ts";

let t: TestContext;
let f: ReturnType<typeof sendFixtures>;
let dataDir: string;
let owner: SendTenant;
let other: SendTenant;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "sms-schedules-"));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  f = sendFixtures(t);
  owner = await f.freshTenant(1000);
  other = await f.freshTenant(1000);
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const MINUTE = 60_000;
/** "YYYY-MM-DD HH:mm" on the Bangkok clock, `minutes` from now. */
function bangkokIn(minutes: number): string {
  const d = new Date(Date.now() + minutes * MINUTE + 7 * 60 * MINUTE);
  return d.toISOString().slice(0, 16).replace("T", " ");
}

function post(caller: SendTenant, url: string, payload: object, locale = "en") {
  return t.app.inject({
    method: "POST",
    url: `/api/v1${url}`,
    headers: { ...caller.headers, "accept-language": locale },
    payload,
  });
}
function get(caller: SendTenant, url: string, locale = "en") {
  return t.app.inject({
    method: "GET",
    url: `/api/v1${url}`,
    headers: { ...caller.headers, "accept-language": locale },
  });
}

const body = (tenant: SendTenant, extra: object = {}) => ({
  name: "Weekly promo",
  sender: tenant.sender,
  purpose: "general",
  manual_contacts: "0811000001\n0811000002",
  message: "Hello {first_name}",
  run_at: bangkokIn(30),
  ...extra,
});

function upload(caller: SendTenant, fields: Record<string, string>, data: Buffer, filename = "list.csv") {
  const form = multipartBody([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: "file", filename, data },
  ]);
  return t.app.inject({
    method: "POST",
    url: "/api/v1/c/schedules/campaigns/import",
    headers: { ...caller.headers, ...form.headers, "accept-language": "en" },
    payload: form.payload,
  });
}

const uploadsLeft = () => listFiles(join(dataDir, "uploads"));
const silent = { error: () => {}, warn: () => {} };

describe("the schedule lists", () => {
  it("are the database's", () => {
    expect(DOMAIN_STATUSES).toEqual(schema.SCHEDULE_STATUSES);
    expect(DOMAIN_KINDS).toEqual(schema.SCHEDULE_KINDS);
    expect(DOMAIN_RUN_STATUSES).toEqual(schema.SCHEDULE_RUN_STATUSES);
  });
});

describe("POST /c/schedules/campaigns", () => {
  it("stores a one-time schedule checked like a campaign, charging nothing yet", async () => {
    const tenant = await f.freshTenant(100);
    const before = await f.footprint(tenant);
    const runAt = bangkokIn(30);
    const res = await post(tenant, "/c/schedules/campaigns", body(tenant, { run_at: runAt }));
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    const expectedAt = new Date(`${runAt.replace(" ", "T")}:00+07:00`).toISOString();
    expect(data).toMatchObject({
      kind: "campaign",
      purpose: "general",
      name: "Weekly promo",
      sender: tenant.sender,
      message: "Hello {first_name}",
      manual_contacts: 2,
      group_ids: [],
      cron: null,
      recurring: false,
      run_at: expectedAt,
      next_run_at: expectedAt,
      ends_at: null,
      status: "active",
      run_count: 0,
      last_run_at: null,
    });
    expect(await f.footprint(tenant)).toEqual(before);
  });

  it("stores a recurring schedule whose next send is the first occurrence from the start", async () => {
    const res = await post(
      owner,
      "/c/schedules/campaigns",
      body(owner, { cron: "0 9 * * *", run_at: bangkokIn(5), ends_at: bangkokIn(60 * 24 * 10) }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data.recurring).toBe(true);
    expect(data.cron).toBe("0 9 * * *");
    const next = new Date(data.next_run_at);
    // 09:00 Bangkok is 02:00 UTC, within the next day.
    expect(next.getUTCHours()).toBe(2);
    expect(next.getUTCMinutes()).toBe(0);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(24 * 60 * MINUTE);
  });

  it("refuses bad times with translated messages (en and th)", async () => {
    const cases: [object, string, MessageKey][] = [
      [{ run_at: bangkokIn(-10) }, "run_at", "schedules.validation.run_at_past"],
      [{ run_at: "soon" }, "run_at", "schedules.validation.run_at_invalid"],
      [{ run_at: bangkokIn(60 * 24 * 400) }, "run_at", "schedules.validation.run_at_too_far"],
      [{ cron: "0 9 * * *" }, "ends_at", "schedules.validation.ends_at_required"],
      [{ cron: "0 9 * * *", ends_at: bangkokIn(10) }, "ends_at", "schedules.validation.ends_before_start"],
      [{ cron: "0 9 31 2 *", ends_at: bangkokIn(60 * 24) }, "cron", "schedules.cron.never"],
      [{ cron: "0 9 * 13 *", ends_at: bangkokIn(60 * 24) }, "cron", "schedules.cron.month_invalid"],
      [{ cron: "*/10 * * * *", ends_at: bangkokIn(60 * 24) }, "cron", "schedules.cron.too_frequent"],
    ];
    for (const [extra, path, key] of cases) {
      for (const locale of ["en", "th"] as const) {
        const res = await post(owner, "/c/schedules/campaigns", body(owner, extra), locale);
        expect(res.statusCode, `${JSON.stringify(extra)} ${res.body}`).toBe(400);
        expect(errorOf(res).details).toEqual([{ path, message: translate(key, locale) }]);
      }
    }
    const tooOften = await post(
      owner,
      "/c/schedules/campaigns",
      body(owner, { cron: "*/10 * * * *", ends_at: bangkokIn(60 * 24) }),
    );
    expect(errorOf(tooOften).details?.[0]?.message).toBe(
      "A recurring campaign may be sent at most once an hour.",
    );
    // An end before the first occurrence: 09:00 never comes between the start and the end.
    const start = new Date(Date.now() + 7 * 60 * MINUTE);
    const hour = start.getUTCHours();
    const noRun = await post(
      owner,
      "/c/schedules/campaigns",
      body(owner, { cron: `0 ${(hour + 12) % 24} * * *`, run_at: bangkokIn(5), ends_at: bangkokIn(6 * 60) }),
    );
    expect(noRun.statusCode).toBe(400);
    expect(errorOf(noRun).details).toEqual([
      { path: "cron", message: "This pattern has no send time between the start and the end." },
    ]);
  });

  it("checks the send as a campaign: contacts limit, sender, groups, template", async () => {
    const numbers = Array.from({ length: 1001 }, (_, i) => `08${String(21_000_000 + i)}`);
    const many = await post(
      owner,
      "/c/schedules/campaigns",
      body(owner, { manual_contacts: numbers.join("\n") }),
    );
    expect(many.statusCode).toBe(400);
    expect(errorOf(many).message).toBe("Manual contacts are limited to 1000 contacts.");

    const marketing = await post(
      owner,
      "/c/schedules/campaigns",
      body(owner, { purpose: "marketing", sender: await f.approvedSender(owner, "OwnOtp", "otp") }),
    );
    expect(marketing.statusCode).toBe(400);
    expect(errorOf(marketing).details).toEqual([
      { path: "sender", message: translate("campaigns.marketing_sender_required", "en") },
    ]);

    const theirGroup = await f.group(other, [{ phone: "66815000001" }]);
    const foreign = await post(
      owner,
      "/c/schedules/campaigns",
      body(owner, { manual_contacts: "", group_ids: [theirGroup] }),
    );
    expect(foreign.statusCode).toBe(404);

    const off = await f.template(owner, "Hi", false);
    const templateOff = await post(
      owner,
      "/c/schedules/campaigns",
      body(owner, { message: undefined, template_id: off }),
      "th",
    );
    expect(templateOff.statusCode).toBe(400);
    expect(errorOf(templateOff).details).toEqual([
      { path: "template_id", message: translate("campaigns.template_off", "th") },
    ]);

    const none = await post(owner, "/c/schedules/campaigns", body(owner, { manual_contacts: "" }));
    expect(none.statusCode).toBe(400);
    expect(errorOf(none).details?.[0]?.path).toBe("group_ids");
  });

  it("asks for a signed-in member before reading the body", async () => {
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/schedules/campaigns",
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("GET /c/schedules/campaigns and /{id}, cancel", () => {
  it("lists the organization's schedules newest first, by status and name", async () => {
    const tenant = await f.freshTenant(100);
    const a = (await post(tenant, "/c/schedules/campaigns", body(tenant, { name: "Alpha" }))).json().data;
    const b = (await post(tenant, "/c/schedules/campaigns", body(tenant, { name: "Beta" }))).json().data;
    await post(other, "/c/schedules/campaigns", body(other, { name: "Not mine" }));
    const list = await get(tenant, "/c/schedules/campaigns");
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.entities.map((e: { id: number }) => e.id)).toEqual([b.id, a.id]);
    expect(list.json().data.page_information).toMatchObject({ page: 1, total_item: 2, limit: 5 });

    await post(tenant, `/c/schedules/campaigns/${a.id}/cancel`, {});
    const active = await get(tenant, "/c/schedules/campaigns?status=active");
    expect(active.json().data.entities.map((e: { name: string }) => e.name)).toEqual(["Beta"]);
    const byName = await get(tenant, "/c/schedules/campaigns?sort=name&search=a");
    expect(byName.json().data.entities.map((e: { name: string }) => e.name)).toEqual(["Alpha", "Beta"]);
    const badSort = await get(tenant, "/c/schedules/campaigns?sort=sender");
    expect(badSort.statusCode).toBe(400);
  });

  it("cancels an active schedule once; a cancelled or completed one is 409", async () => {
    const tenant = await f.freshTenant(100);
    const created = (await post(tenant, "/c/schedules/campaigns", body(tenant))).json().data;
    const res = await post(tenant, `/c/schedules/campaigns/${created.id}/cancel`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: "cancelled", next_run_at: null });
    expect(res.json().data.cancelled_at).not.toBeNull();
    for (const locale of ["en", "th"]) {
      const again = await post(tenant, `/c/schedules/campaigns/${created.id}/cancel`, {}, locale);
      expect(again.statusCode).toBe(409);
      expect(errorOf(again).message).toBe(translate("schedules.not_cancellable", locale as "en" | "th"));
    }
    // A cancelled schedule never fires.
    const fired = await fireNextDue({
      db: t.db,
      dbHandle: t.dbHandle,
      jobs: t.jobs,
      chunkSize: 1000,
      storage: t.app.storage,
      log: silent,
      now: () => new Date(Date.now() + 60 * MINUTE),
    });
    expect(fired?.scheduleId).not.toBe(created.id);
  });

  it("shows the detail with its runs", async () => {
    const tenant = await f.freshTenant(100);
    const created = (await post(tenant, "/c/schedules/campaigns", body(tenant))).json().data;
    const res = await get(tenant, `/c/schedules/campaigns/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: created.id, status: "active", runs: [] });
  });

  it("answers another organization's schedule with 404", async () => {
    const theirs = (await post(other, "/c/schedules/campaigns", body(other))).json().data;
    await expectCrossTenant404(t, owner, [
      { method: "GET", url: `/api/v1/c/schedules/campaigns/${theirs.id}` },
      { method: "POST", url: `/api/v1/c/schedules/campaigns/${theirs.id}/cancel`, payload: {} },
    ]);
    const [row] = await t.db
      .select({ status: schema.campaignSchedules.status })
      .from(schema.campaignSchedules)
      .where(eq(schema.campaignSchedules.id, theirs.id));
    expect(row?.status).toBe("active");
  });

  it("shows a member with only its own reports only its own schedules", async () => {
    const org = await f.freshTenant(100);
    const member = await f.freshTenant(0);
    await addMember(t, org.organizationId, member.userId, MEMBER_ROLE.member);
    await t.db
      .update(schema.users)
      .set({ defaultOrganizationId: org.organizationId })
      .where(eq(schema.users.id, member.userId));
    const token = await signIn(t, member.email, member.password);
    const asMember = { ...member, sender: org.sender, headers: { authorization: `Bearer ${token}` } };
    const ownersId = (await post(org, "/c/schedules/campaigns", body(org))).json().data.id;
    const created = await post(asMember, "/c/schedules/campaigns", body(asMember, { name: "Member's" }));
    expect(created.statusCode, created.body).toBe(201);
    const membersId = created.json().data.id;
    const ids = async (caller: SendTenant) =>
      (await get(caller, "/c/schedules/campaigns")).json().data.entities.map((e: { id: number }) => e.id);
    expect(await ids(org)).toEqual([membersId, ownersId]);
    expect(await ids(asMember)).toEqual([membersId]);
    expect((await get(asMember, `/c/schedules/campaigns/${ownersId}`)).statusCode).toBe(404);
  });
});

describe("POST /c/schedules/campaigns/import", () => {
  const CSV = ["phone_number,first_name", "0812345601,Somchai", "0812345602,Manee"].join("\r\n");

  it("keeps the upload until the schedule is cancelled", async () => {
    const tenant = await f.freshTenant(100);
    const res = await upload(
      tenant,
      { sender: tenant.sender, purpose: "general", message: "Hi {first_name}", run_at: bangkokIn(30) },
      Buffer.from(CSV),
      "people.csv",
    );
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      kind: "file",
      name: "people.csv",
      file_name: "people.csv",
      status: "active",
    });
    expect(await uploadsLeft()).toHaveLength(1);
    expect((await f.footprint(tenant)).files).toBe(1);

    const cancel = await post(tenant, `/c/schedules/campaigns/${data.id}/cancel`, {});
    expect(cancel.statusCode).toBe(200);
    expect(await uploadsLeft()).toEqual([]);
    expect((await f.footprint(tenant)).files).toBe(0);
  });

  it("refuses a bad file at once, with the dry run's messages, and keeps nothing", async () => {
    const tenant = await f.freshTenant(100);
    const before = await f.footprint(tenant);
    const unknownTag = await upload(
      tenant,
      { sender: tenant.sender, purpose: "general", message: "Pay {amount}", run_at: bangkokIn(30) },
      Buffer.from(CSV),
    );
    expect(unknownTag.statusCode, unknownTag.body).toBe(400);
    expect(errorOf(unknownTag).message).toBe(
      translate("campaigns.file.unknown_tag", "en", {
        tag: "{amount}",
        tags: "{phone_number}, {first_name}",
      }),
    );
    const empty = await upload(
      tenant,
      { sender: tenant.sender, purpose: "general", message: "Hi", run_at: bangkokIn(30) },
      Buffer.from("phone_number\r\n"),
    );
    expect(empty.statusCode, empty.body).toBe(400);
    expect(errorOf(empty).message).toBe(translate("campaigns.file.empty", "en"));
    const onlyInvalid = await upload(
      tenant,
      { sender: tenant.sender, purpose: "general", message: "Hi", run_at: bangkokIn(30) },
      Buffer.from("phone_number\r\n12345\r\n"),
    );
    expect(onlyInvalid.statusCode, onlyInvalid.body).toBe(422);
    expect(errorOf(onlyInvalid).message).toBe(translate("campaigns.no_recipients", "en"));
    const badTime = await upload(
      tenant,
      { sender: tenant.sender, purpose: "general", message: "Hi", run_at: bangkokIn(-30) },
      Buffer.from(CSV),
    );
    expect(badTime.statusCode).toBe(400);
    expect(errorOf(badTime).details).toEqual([
      { path: "run_at", message: "The send time must be in the future." },
    ]);
    expect(await f.footprint(tenant)).toEqual(before);
    expect(await uploadsLeft()).toEqual([]);
  });
});
