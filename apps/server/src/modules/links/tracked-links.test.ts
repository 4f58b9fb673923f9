import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { queryRows, schema } from "@sms/db";
import { countSms, textForCounting, toBase62, trackedLinkLength } from "@sms/domain";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipartBody } from "../../test/files.ts";
import { type SendTenant, sendFixtures } from "../../test/sends.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { CLICK_LIMITS } from "./clicks.ts";
import { isLinkPreviewCrawler } from "./crawlers.ts";
import { recipientPart } from "./link-token.ts";

const ORIGIN = "https://sms.example.test";
const PREFIX = `${ORIGIN}/l/`;

let t: TestContext;
let f: ReturnType<typeof sendFixtures>;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "sms-tracked-links-"));
  t = await createTestApp({ env: { DATA_DIR: dataDir, PUBLIC_URL: ORIGIN } });
  f = sendFixtures(t);
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const post = (tenant: SendTenant, url: string, payload: object) =>
  t.app.inject({
    method: "POST",
    url: `/api/v1${url}`,
    headers: { ...tenant.headers, "accept-language": "en" },
    payload,
  });
const get = (tenant: SendTenant, url: string) =>
  t.app.inject({
    method: "GET",
    url: `/api/v1${url}`,
    headers: { ...tenant.headers, "accept-language": "en" },
  });

function upload(tenant: SendTenant, csv: string, fields: Record<string, string>, dryRun = false) {
  const form = multipartBody([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: "file", filename: "list.csv", data: Buffer.from(csv) },
  ]);
  return t.app.inject({
    method: "POST",
    url: `/api/v1/c/campaigns/import${dryRun ? "?dry_run=true" : ""}`,
    headers: { ...tenant.headers, ...form.headers, "accept-language": "en" },
    payload: form.payload,
  });
}

async function linksOf(campaignId: number) {
  return t.db
    .select()
    .from(schema.trackedLinks)
    .where(eq(schema.trackedLinks.campaignId, campaignId))
    .orderBy(asc(schema.trackedLinks.id));
}

async function clicksOf(campaignId: number) {
  return t.db
    .select({ seq: schema.linkClicks.seq, linkId: schema.linkClicks.linkId })
    .from(schema.linkClicks)
    .where(eq(schema.linkClicks.campaignId, campaignId))
    .orderBy(asc(schema.linkClicks.id));
}

/** A recipient's part of a link of the campaign: its seq through the campaign's key (ADR 35). */
const partOf = (link: { tokenKey: string | null } | undefined, seq: number) =>
  recipientPart(link?.tokenKey ?? "", seq);

// A 150-character link: written out, this Thai text takes 4 parts; shortened, 2.
const LONG_URL = `https://shop.example.com/promotions/2026/november/${"a".repeat(100)}`;
const THAI_TEXT = `ลดราคา 50% วันนี้เท่านั้น ${LONG_URL} และ www.example.co.th/app ครับ`;

describe("a campaign with track_links", () => {
  it("stores each distinct link once and sends every recipient its own short links, billed at their length", async () => {
    const tenant = await f.freshTenant(1_000);
    const groupId = await f.group(tenant, [{ phone: "66812340001" }, { phone: "66812340002" }]);
    const body = {
      name: "Tracked",
      sender: tenant.sender,
      purpose: "general",
      group_ids: [groupId],
      manual_contacts: "0812340003",
      message: THAI_TEXT,
      track_links: true,
    };
    const preview = await post(tenant, "/c/campaigns/preview", body);
    expect(preview.statusCode, preview.body).toBe(200);
    const res = await post(tenant, "/c/campaigns", body);
    expect(res.statusCode, res.body).toBe(201);
    const campaign = res.json().data;

    const links = await linksOf(campaign.id);
    expect(links.map((l) => [l.url, l.organizationId])).toEqual([
      [LONG_URL, tenant.organizationId],
      ["http://www.example.co.th/app", tenant.organizationId],
    ]);
    for (const link of links) expect(link.code).toMatch(/^[0-9A-Za-z]{6}$/);
    const [long, www] = links;
    // One key per campaign: a recipient's part is the same in each of its links.
    expect(long?.tokenKey).toMatch(/^[0-9a-f]{32}$/);
    expect(www?.tokenKey).toBe(long?.tokenKey);
    const expected = (seq: number) =>
      `ลดราคา 50% วันนี้เท่านั้น ${PREFIX}${long?.code}${partOf(long, seq)} และ ${PREFIX}${www?.code}${partOf(long, seq)} ครับ`;

    const stored = await f.messagesOf(campaign.id);
    expect(stored.map((m) => [m.seq, m.text])).toEqual([1, 2, 3].map((seq) => [seq, expected(seq)]));
    const parts = countSms(expected(1)).parts;
    expect(parts).toBe(2);
    expect(countSms(THAI_TEXT).parts).toBe(4);
    expect(countSms(textForCounting(THAI_TEXT, ORIGIN)).parts).toBe(parts);
    expect(stored.map((m) => [m.billedParts, m.credits])).toEqual([1, 2, 3].map(() => [parts, parts]));
    expect(campaign).toMatchObject({ recipients: 3, credits: 3 * parts, message: THAI_TEXT });
    expect(await f.balance(tenant)).toBe(1_000 - 3 * parts);
    // The preview counted the same short length.
    expect(preview.json().data).toMatchObject({ recipients: 3, parts, credits: 3 * parts });
    expect(preview.json().data.text.length).toBe(textForCounting(THAI_TEXT, ORIGIN).length);

    // The report lists each recipient's own text.
    const messages = await get(tenant, `/c/messages?campaign_id=${campaign.id}`);
    expect(
      messages
        .json()
        .data.entities.map((m: { message: string }) => m.message)
        .sort(),
    ).toEqual([1, 2, 3].map(expected).sort());
  });

  it("personalises around the links, each text billed by its own length", async () => {
    const tenant = await f.freshTenant(1_000);
    const longName = "x".repeat(140);
    const groupId = await f.group(tenant, [
      { phone: "66812340011", first: "Ann" },
      { phone: "66812340012", first: longName },
    ]);
    const res = await post(tenant, "/c/campaigns", {
      name: "Personal",
      sender: tenant.sender,
      purpose: "general",
      group_ids: [groupId],
      message: "Hi {first_name}, see https://example.com/offer.",
      track_links: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [link] = await linksOf(res.json().data.id);
    const stored = await f.messagesOf(res.json().data.id);
    const texts = [
      `Hi Ann, see ${PREFIX}${link?.code}${partOf(link, 1)}.`,
      `Hi ${longName}, see ${PREFIX}${link?.code}${partOf(link, 2)}.`,
    ];
    expect(stored.map((m) => m.text)).toEqual(texts);
    expect(stored.map((m) => m.billedParts)).toEqual([1, 2]);
    expect(texts.map((text) => countSms(text).parts)).toEqual([1, 2]);
    expect(res.json().data.credits).toBe(3);
  });

  it("changes nothing for a text without links, or with tracking off", async () => {
    const tenant = await f.freshTenant(1_000);
    const groupId = await f.group(tenant, [{ phone: "66812340021" }]);
    const send = (message: string, track_links: boolean) =>
      post(tenant, "/c/campaigns", {
        name: "Plain",
        sender: tenant.sender,
        purpose: "general",
        group_ids: [groupId],
        message,
        track_links,
      });
    const noLinks = await send("No link here, just text.", true);
    const off = await send(THAI_TEXT, false);
    for (const res of [noLinks, off]) {
      expect(res.statusCode, res.body).toBe(201);
      expect(await linksOf(res.json().data.id)).toEqual([]);
      const [message] = await f.messagesOf(res.json().data.id);
      expect(message?.text).toBeNull();
    }
    expect(off.json().data.credits).toBe(countSms(THAI_TEXT).parts);
    const summary = await get(tenant, `/c/campaigns/${off.json().data.id}/summary`);
    expect(summary.json().data).toMatchObject({ tracks_links: false, clicks: 0, clicked_recipients: 0 });
  });

  it("shortens an instant message's link, its braces kept as written", async () => {
    const tenant = await f.freshTenant(100);
    const res = await post(tenant, "/c/messages", {
      phone_number: "0812340031",
      sender: tenant.sender,
      purpose: "general",
      message: "Code {first_name}: www.example.com/x",
      track_links: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [link] = await linksOf(res.json().data.campaign_id);
    expect(link?.url).toBe("http://www.example.com/x");
    expect(res.json().data.message).toBe(`Code {first_name}: ${PREFIX}${link?.code}${partOf(link, 1)}`);
  });
});

describe("a file campaign with track_links", () => {
  it("writes each kept recipient's seq into its links, after suppressed numbers are dropped", async () => {
    const tenant = await f.freshTenant(1_000);
    await f.suppress(tenant, "66812340042");
    const csv = ["phone,first_name", "0812340041,Ann", "0812340042,Bob", "0812340043,Cat"].join("\n");
    const fields = {
      sender: tenant.sender,
      purpose: "marketing",
      message: "{first_name}: https://example.com/deal and www.example.org",
      track_links: "true",
      // The opt-out footer's own links are tested with it (opt-outs.test.ts).
      opt_out_link: "false",
    };
    const dry = await upload(tenant, csv, fields, true);
    expect(dry.statusCode, dry.body).toBe(200);
    const res = await upload(tenant, csv, fields);
    expect(res.statusCode, res.body).toBe(201);
    const campaign = res.json().data;
    const [deal, org] = await linksOf(campaign.id);
    expect([deal?.url, org?.url]).toEqual(["https://example.com/deal", "http://www.example.org"]);
    const stored = await f.messagesOf(campaign.id);
    expect(stored.map((m) => [m.seq, m.recipient, m.text])).toEqual([
      [
        1,
        "66812340041",
        `Ann: ${PREFIX}${deal?.code}${partOf(deal, 1)} and ${PREFIX}${org?.code}${partOf(deal, 1)}`,
      ],
      [
        2,
        "66812340043",
        `Cat: ${PREFIX}${deal?.code}${partOf(deal, 2)} and ${PREFIX}${org?.code}${partOf(deal, 2)}`,
      ],
    ]);
    const parts = countSms(stored[0]?.text ?? "").parts;
    expect(stored.map((m) => m.billedParts)).toEqual([parts, parts]);
    expect(campaign).toMatchObject({ recipients: 2, suppressed: 1, credits: 2 * parts });
    expect(dry.json().data).toMatchObject({ recipients: 2, credits: 2 * parts });
    expect(await f.footprint(tenant)).toMatchObject({ staging: 0 });
  });

  it("counts a uniform text's parts with the short links, and is billed so", async () => {
    const tenant = await f.freshTenant(1_000);
    const csv = ["phone", "0812340051", "0812340052"].join("\n");
    const fields = { sender: tenant.sender, purpose: "general", message: THAI_TEXT, track_links: "true" };
    const res = await upload(tenant, csv, fields);
    expect(res.statusCode, res.body).toBe(201);
    const [long, www] = await linksOf(res.json().data.id);
    const stored = await f.messagesOf(res.json().data.id);
    expect(stored.map((m) => m.text)).toEqual(
      [1, 2].map(
        (seq) =>
          `ลดราคา 50% วันนี้เท่านั้น ${PREFIX}${long?.code}${partOf(long, seq)} และ ${PREFIX}${www?.code}${partOf(long, seq)} ครับ`,
      ),
    );
    expect(stored.map((m) => m.billedParts)).toEqual([2, 2]);
    expect(res.json().data.credits).toBe(4);
  });
});

describe("GET /l/:token", () => {
  let tenant: SendTenant;
  let campaignId: number;
  let code: string;
  let key: string;
  /** Recipient `seq`'s token. */
  const tokenOf = (seq: number) => `${code}${recipientPart(key, seq)}`;

  beforeAll(async () => {
    tenant = await f.freshTenant(1_000);
    const groupId = await f.group(tenant, [{ phone: "66812340061" }, { phone: "66812340062" }]);
    const res = await post(tenant, "/c/campaigns", {
      name: "Clicks",
      sender: tenant.sender,
      purpose: "general",
      group_ids: [groupId],
      message: "Sale at https://shop.example.com/sale?utm=sms now",
      track_links: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    campaignId = res.json().data.id;
    const [link] = await linksOf(campaignId);
    code = link?.code ?? "";
    key = link?.tokenKey ?? "";
  });

  const BROWSER =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Line/13.20.0";
  // An empty User-Agent stands for none (light-my-request sends its own when the header is absent).
  const open = (token: string, method: "GET" | "HEAD" = "GET", userAgent = BROWSER, remoteAddress?: string) =>
    t.app.inject({
      method,
      url: `/l/${token}`,
      headers: { "user-agent": userAgent },
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  it("redirects a person to the stored link and counts the click for that recipient", async () => {
    const res = await open(tokenOf(2));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("https://shop.example.com/sale?utm=sms");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(await clicksOf(campaignId)).toEqual([{ seq: 2, linkId: (await linksOf(campaignId))[0]?.id }]);
    expect(`${PREFIX}${tokenOf(2)}`).toHaveLength(trackedLinkLength(ORIGIN));
  });

  it("redirects HEAD requests, link-preview crawlers and requests without a User-Agent without counting them", async () => {
    const before = (await clicksOf(campaignId)).length;
    const head = await open(tokenOf(1), "HEAD");
    expect(head.statusCode).toBe(302);
    expect(head.headers.location).toBe("https://shop.example.com/sale?utm=sms");
    for (const agent of [
      "facebookexternalhit/1.1;line-poker/1.0",
      "WhatsApp/2.23.20.0",
      "Slackbot 1.0",
      "",
    ]) {
      const res = await open(tokenOf(1), "GET", agent);
      expect(res.statusCode).toBe(302);
    }
    expect((await clicksOf(campaignId)).length).toBe(before);
  });

  it("answers 404, alike, for an unknown code, a tampered or made-up part, one past the campaign's end, seq 0 or a malformed token", async () => {
    const before = (await clicksOf(campaignId)).length;
    const unknown = code === "zzzzzz" ? "yyyyyy" : "zzzzzz";
    const mine = tokenOf(1);
    const last = mine.charAt(mine.length - 1);
    const tampered = `${mine.slice(0, -1)}${last === "a" ? "b" : "a"}`;
    const pastTheEnd = tokenOf(3);
    const madeUp = `${code}${toBase62(123_456_789_012, 8)}`;
    const answers = [];
    for (const token of [
      `${unknown}${recipientPart(key, 1)}`,
      tampered,
      madeUp,
      pastTheEnd,
      tokenOf(0),
      // The legacy format on a link made since ADR 35: not a way around the key.
      `${code}0001`,
      `${code}${recipientPart(key, 1).slice(1)}`,
      `${code}00-1`,
      "x",
    ]) {
      const res = await open(token);
      expect(res.statusCode, token).toBe(404);
      expect(res.headers.location).toBeUndefined();
      answers.push(res.body);
    }
    // The campaign's size is not told: a part past its end answers exactly as a made-up one.
    expect(answers[3]?.replace(pastTheEnd, "<token>")).toBe(answers[2]?.replace(madeUp, "<token>"));
    expect((await clicksOf(campaignId)).length).toBe(before);
  });

  it("sums the campaign's clicks and the recipients who clicked in its summary", async () => {
    await open(tokenOf(2));
    await open(tokenOf(1), "GET", "curl/8.4.0");
    const clicks = await clicksOf(campaignId);
    const summary = await get(tenant, `/c/campaigns/${campaignId}/summary`);
    expect(summary.statusCode).toBe(200);
    expect(summary.json().data).toMatchObject({
      tracks_links: true,
      clicks: clicks.length,
      clicked_recipients: new Set(clicks.map((c) => c.seq)).size,
    });
    expect(clicks.map((c) => c.seq)).toEqual([2, 2, 1]);
  });

  it("gives each message of the campaign's list its recipient's clicks", async () => {
    const clicks = await clicksOf(campaignId);
    const res = await get(tenant, `/c/messages?campaign_id=${campaignId}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.entities as { recipient: string; clicks?: number }[];
    const bySeq = (seq: number) => clicks.filter((c) => c.seq === seq).length;
    expect(Object.fromEntries(rows.map((m) => [m.recipient, m.clicks]))).toEqual({
      "66812340061": bySeq(1),
      "66812340062": bySeq(2),
    });
    expect(bySeq(2)).toBe(2);
    // Lists that are not one tracked campaign's carry no clicks.
    const all = await get(tenant, "/c/messages");
    expect(all.json().data.entities.every((m: { clicks?: number }) => m.clicks === undefined)).toBe(true);
  });

  it("counts one token at most CLICK_LIMITS.perToken times an hour, from however many addresses", async () => {
    const before = (await clicksOf(campaignId)).filter((c) => c.seq === 1).length;
    for (let i = 0; i < CLICK_LIMITS.perToken + 3; i += 1) {
      const res = await open(tokenOf(1), "GET", BROWSER, `203.0.113.${10 + i}`);
      expect(res.statusCode).toBe(302);
    }
    expect((await clicksOf(campaignId)).filter((c) => c.seq === 1)).toHaveLength(
      Math.max(before, CLICK_LIMITS.perToken),
    );
  });

  it("keeps the summary's clicks to the campaign's organization", async () => {
    const stranger = await f.freshTenant(0);
    const res = await get(stranger, `/c/campaigns/${campaignId}/summary`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("clicks");
  });
});

describe("tracked link tokens (ADR 35)", () => {
  it("are computed in SQL (tracked_link_token) exactly as link-token.ts computes them", async () => {
    const key = "00112233445566778899aabbccddeeff";
    const seqs = [0, 1, 2, 3, 61, 62, 8_388_607, 8_388_608, 14_776_335];
    const rows = await queryRows<{ s: unknown; part: string }>(
      t.db,
      sql`select s, tracked_link_token(${key}, s) as part from unnest(${`{${seqs.join(",")}}`}::bigint[]) as s`,
    );
    expect(rows.map((r) => [Number(r.s), r.part])).toEqual(seqs.map((seq) => [seq, recipientPart(key, seq)]));
  });

  it("gives no recipient's token a neighbour: no part near another names a recipient", async () => {
    const tenant = await f.freshTenant(1_000);
    const contacts = Array.from({ length: 20 }, (_, i) => ({
      phone: `668123401${String(i).padStart(2, "0")}`,
    }));
    const groupId = await f.group(tenant, contacts);
    const res = await post(tenant, "/c/campaigns", {
      name: "Neighbours",
      sender: tenant.sender,
      purpose: "general",
      group_ids: [groupId],
      message: "See https://example.com/n",
      track_links: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [link] = await linksOf(res.json().data.id);
    const stored = await f.messagesOf(res.json().data.id);
    const parts = stored.map((m) => (m.text ?? "").slice(`See ${PREFIX}${link?.code}`.length));
    expect(parts).toEqual(stored.map((m) => partOf(link, m.seq)));
    expect(new Set(parts).size).toBe(20);
    // Consecutive recipients' parts are far apart (what was 0001, 0002 differed in the last character).
    const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    const value = (p: string) => [...p].reduce((n, c) => n * 62 + alphabet.indexOf(c), 0);
    for (let i = 1; i < parts.length; i += 1) {
      expect(Math.abs(value(parts[i] ?? "") - value(parts[i - 1] ?? ""))).toBeGreaterThan(62 ** 4);
    }
    // Counting up or down from each recipient's part (what "0001 → 0002" was) finds no one.
    const valid = new Set(parts);
    let probes = 0;
    for (const p of parts) {
      for (let d = -3; d <= 3; d += 1) {
        const near = value(p) + d;
        if (d === 0 || near < 0) continue;
        const guess = toBase62(near, 8);
        if (valid.has(guess)) continue;
        probes += 1;
        const r = await t.app.inject({ method: "GET", url: `/l/${link?.code}${guess}` });
        expect(r.statusCode, guess).toBe(404);
      }
    }
    expect(probes).toBeGreaterThan(100);
  });

  it("redirects the guessable tokens of a campaign sent before ADR 35 but counts none of them, and never tells its size (ADR 54)", async () => {
    const tenant = await f.freshTenant(1_000);
    const groupId = await f.group(tenant, [{ phone: "66812340091" }, { phone: "66812340092" }]);
    const res = await post(tenant, "/c/campaigns", {
      name: "Old",
      sender: tenant.sender,
      purpose: "general",
      group_ids: [groupId],
      message: "Old https://example.com/old",
      track_links: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const campaignId = res.json().data.id as number;
    const [link] = await linksOf(campaignId);
    // What a link stored before migration 0020 is: no key (its texts carry `<code><seq in 4>`),
    // with a click counted back then.
    await t.db
      .update(schema.trackedLinks)
      .set({ tokenKey: null })
      .where(eq(schema.trackedLinks.id, link?.id ?? 0));
    await t.db
      .insert(schema.linkClicks)
      .values({ linkId: link?.id ?? 0, organizationId: tenant.organizationId, campaignId, seq: 1 });
    const before = await get(tenant, `/c/campaigns/${campaignId}/summary`);
    expect(before.json().data).toMatchObject({ clicks: 1, clicked_recipients: 1 });
    // A real recipient's token, a neighbour's, one past the end and the last one a 4-character seq
    // can hold: the same redirect, and nothing counted.
    const answers = [];
    for (const seq of ["0001", "0002", "0003", "zzzz"]) {
      const r = await t.app.inject({
        method: "GET",
        url: `/l/${link?.code}${seq}`,
        headers: { "user-agent": "Mozilla/5.0" },
      });
      answers.push([r.statusCode, r.headers.location]);
    }
    expect(answers).toEqual(Array.from({ length: 4 }, () => [302, "https://example.com/old"]));
    expect(await clicksOf(campaignId)).toEqual([{ seq: 1, linkId: link?.id }]);
    const after = await get(tenant, `/c/campaigns/${campaignId}/summary`);
    expect(after.json().data).toMatchObject({ clicks: 1, clicked_recipients: 1 });
    // Seq 0, a keyed part (no key to read it with) and an unknown code are not found.
    for (const token of [`${link?.code}0000`, `${link?.code}${partOf(link, 1)}`, "zzzzzz0001"]) {
      expect((await t.app.inject({ method: "GET", url: `/l/${token}` })).statusCode, token).toBe(404);
    }
  });

  it("counts a campaign's clicks within its budget a minute; more still redirect", async () => {
    const tenant = await f.freshTenant(1_000);
    const n = CLICK_LIMITS.campaignFloor + 5;
    const contacts = Array.from({ length: n }, (_, i) => ({
      phone: `668123402${String(i).padStart(2, "0")}`,
    }));
    const groupId = await f.group(tenant, contacts);
    const res = await post(tenant, "/c/campaigns", {
      name: "Budget",
      sender: tenant.sender,
      purpose: "general",
      group_ids: [groupId],
      message: "See https://example.com/b",
      track_links: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [link] = await linksOf(res.json().data.id);
    for (let seq = 1; seq <= n; seq += 1) {
      const click = await t.app.inject({
        method: "GET",
        url: `/l/${link?.code}${partOf(link, seq)}`,
        headers: { "user-agent": "Mozilla/5.0" },
      });
      expect(click.statusCode).toBe(302);
    }
    expect(await clicksOf(res.json().data.id)).toHaveLength(CLICK_LIMITS.campaignFloor);
  });
});

describe("GET /l/:token where the web app is served", () => {
  let web: TestContext;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), "sms-tracked-links-web-"));
    await writeFile(join(dist, "__spa-fallback.html"), "<html>the app's not-found page</html>");
    // Real rate limits (no test scale); counting stops at CLICK_LIMITS.perToken for the token.
    web = await createTestApp({
      serveWeb: true,
      env: { WEB_DIST: dist, PUBLIC_URL: ORIGIN, RATE_LIMIT_SCALE: "1" },
    });
  });
  afterAll(async () => {
    await web?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it("answers an unknown token with the app's 404 page", async () => {
    const res = await web.app.inject({ method: "GET", url: "/l/zzzzzz0001" });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("the app's not-found page");
  });

  it("still redirects once an address has clicked a link often, but counts only the first five", async () => {
    const wf = sendFixtures(web);
    const tenant = await wf.freshTenant(100);
    const res = await web.app.inject({
      method: "POST",
      url: "/api/v1/c/messages",
      headers: { ...tenant.headers, "accept-language": "en" },
      payload: {
        phone_number: "0812340071",
        sender: tenant.sender,
        purpose: "general",
        message: "See https://example.com/a",
        track_links: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const token = res.json().data.message.slice(`See ${PREFIX}`.length);
    for (let i = 0; i < 7; i += 1) {
      const click = await web.app.inject({
        method: "GET",
        url: `/l/${token}`,
        headers: { "user-agent": "Mozilla/5.0" },
      });
      expect(click.statusCode).toBe(302);
      expect(click.headers.location).toBe("https://example.com/a");
    }
    const counted = await web.db
      .select()
      .from(schema.linkClicks)
      .where(eq(schema.linkClicks.campaignId, res.json().data.campaign_id));
    expect(counted).toHaveLength(5);
  });
});

describe("isLinkPreviewCrawler", () => {
  it.each([
    "GoogleMessages",
    "Mozilla/5.0 (Linux; Android 14) GoogleMessages/20.0",
    "facebookexternalhit/1.1 Facebot Twitterbot/1.0",
    "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
    "facebookexternalhit/1.1;line-poker/1.0",
    "Twitterbot/1.0",
    "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
    "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
    "WhatsApp/2.23.20.0",
    "TelegramBot (like TwitterBot)",
    "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1)",
    "Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5",
    "Iframely/1.3.1 (+https://iframely.com/docs/about)",
    "Mozilla/5.0 (compatible; Embedly/0.2; +http://support.embed.ly/)",
    "SomeCrawler/1.0",
    "",
  ])("does not count %s", (agent) => {
    expect(isLinkPreviewCrawler(agent)).toBe(true);
  });

  it.each([
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Line/13.20.0",
    "Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36 Line/13.1.0/IAB",
    "Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
    "curl/8.4.0",
  ])("counts %s", (agent) => {
    expect(isLinkPreviewCrawler(agent)).toBe(false);
  });
});
