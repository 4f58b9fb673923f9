import { type Db, queryRows } from "@sms/db";
import type { MessageType } from "@sms/domain";
import type { MessagePiece } from "@sms/domain/rules/personalisation";
import { type SQL, sql } from "drizzle-orm";
import { linkedTextSql } from "../links/index.ts";
import { type OptOutFooter, optOutFooterPadding, optOutFooterSql } from "../opt-outs/index.ts";
import { billedPartsSql } from "./billed-parts-sql.ts";

/**
 * The recipients of a send to contacts, resolved set-wise in the database: the contacts of the
 * chosen groups (never loaded into Node, whatever their number) and the typed numbers (at most
 * 1,000, one array parameter), one message per 66-form number. Personalised texts and their billed
 * parts are computed in the same statement.
 */
export interface ContactRecipients {
  organizationId: number;
  /** The organization's groups (checked before). */
  groupIds: readonly number[];
  /** Typed numbers in the 66 form, already unique and valid, in the order typed. */
  manual: readonly string[];
  /** Drop numbers on the organization's suppression list (marketing sends). */
  suppress: boolean;
  /** The text as written (messages whose text is the same store null). */
  text: string;
  /** The text's pieces with the template tags (first_name, last_name, phone_number). */
  pieces: readonly MessagePiece[];
  /** Parts of every message when the text has no tags (the same for all; with tracked links, of the text as counted). */
  uniformParts: number;
  /**
   * Tracked links: `pieces` write each link `prefix + code`, and every recipient's text gets its
   * seq after each code (rules/tracked-links.ts). Absent: texts are the pieces as they are.
   */
  links?: { prefix: string; codes: readonly string[]; seqPadding: number } | undefined;
  /**
   * The opt-out footer of a marketing send (ADR 93): after the text (and its links), each recipient's
   * own link. Absent: no footer.
   */
  optOut?: OptOutFooter | undefined;
}

/** How the numbers fared: candidates read, unique among them, kept after the suppression list. */
export interface RecipientCounts {
  candidates: number;
  unique: number;
  kept: number;
  credits: number;
  minParts: number;
  maxParts: number;
}

/** What a statement of `insertContactMessages` stored. */
export interface StoredContactMessages extends RecipientCounts {
  /** Messages left empty by personalisation (billed_parts 0). */
  empty: number;
  /** The highest contact id a `contacts` slice read (the next slice's `afterId`); 0 when it read none. */
  lastId: number;
}

/** What a preview also tells: who lacks a tag's value, and the first recipient's message. */
export interface RecipientPreview extends RecipientCounts {
  /** Kept recipients with an empty value for a tag that has no fallback (D35). */
  missingValues: number;
  /** The first kept recipient (66 form) and the text it would get, or null without recipients. */
  sample: { recipient: string; text: string } | null;
}

/** A PostgreSQL array literal of values that need no quoting (digits), as one parameter on both drivers. */
const arrayLiteral = (values: readonly (string | number)[]) => `{${values.join(",")}}`;

function valueSql(tag: string): SQL {
  switch (tag) {
    case "first_name":
      return sql`btrim(u.first_name)`;
    case "last_name":
      return sql`btrim(u.last_name)`;
    case "phone_number":
      // renderTemplate's local form of a stored 66 number: 66812345678 → 0812345678.
      return sql`('0' || substr(u.recipient, 3))`;
    default:
      throw new Error(`not a template tag: ${tag}`);
  }
}

/** A tag's value, or its fallback when the value is empty (renderPieces). */
function tagSql(piece: { tag: string; fallback?: string }): SQL {
  const value = valueSql(piece.tag);
  return piece.fallback === undefined ? value : sql`coalesce(nullif(${value}, ''), ${piece.fallback}::text)`;
}

function bodySql(pieces: readonly MessagePiece[]): SQL {
  const parts = pieces.map((piece) => ("tag" in piece ? tagSql(piece) : sql`${piece.text}::text`));
  return sql`concat(${sql.join(parts, sql`, `)})`;
}

/** True for a recipient left with an empty value: a tag without a fallback whose value is empty (lacksValue). */
function missingSql(pieces: readonly MessagePiece[]): SQL {
  const empty = pieces.flatMap((piece) =>
    "tag" in piece && piece.fallback === undefined ? [sql`coalesce(${valueSql(piece.tag)}, '') = ''`] : [],
  );
  return empty.length === 0 ? sql`false` : sql`(${sql.join(empty, sql` or `)})`;
}

const personalised = (r: ContactRecipients) => r.pieces.some((piece) => "tag" in piece);

/**
 * Which candidates one statement reads. `all`: every contact of the groups and every typed number
 * (the one-transaction acceptance, the preview). A sliced acceptance (ADR 53) reads instead
 * `contacts` in keyset slices of `limit` by contact id, then the `typed` numbers once; each
 * numbers its messages from `offset` + 1, so the slices together store exactly what `all` does.
 */
export type RecipientSource =
  | { kind: "all" }
  | { kind: "contacts"; afterId: number; limit: number; offset: number }
  | { kind: "typed"; offset: number };

const ALL: RecipientSource = { kind: "all" };

/** Whether another contact of the chosen groups has this number and a lower id (or any id: `lower` false). */
function inGroupsSql(r: ContactRecipients, lower: boolean): SQL {
  return sql`exists (select 1 from contacts d
                      where d.organization_id = ${r.organizationId}
                        and d.group_id = any(${arrayLiteral(r.groupIds)}::int[])
                        and d.phone_number = s.recipient
                        ${lower ? sql`and d.id < s.ord` : sql``})`;
}

/**
 * `src`: the candidates (a contact of a group in the organization, or a typed number); `uniq`: one
 * row per number, a contact's row before a typed one (it has the names), the lowest id first;
 * `kept`: without suppressed numbers, numbered 1..n (groups' contacts first, then typed numbers);
 * `priced`: each message's text (null when not personalised) and billed parts. A slice's `uniq`
 * drops the numbers an earlier slice kept: contacts with a lower id, and for typed numbers any
 * contact of the groups (the same row `all`'s DISTINCT ON keeps).
 */
function recipientsCte(r: ContactRecipients, source: RecipientSource = ALL): SQL {
  const suppressed = r.suppress
    ? sql`where not exists (select 1 from suppressions x
                             where x.organization_id = ${r.organizationId} and x.msisdn = u.recipient)`
    : sql``;
  const body = personalised(r) || r.links || r.optOut ? bodySql(r.pieces) : sql`null::text`;
  const uniform = sql.raw(String(Math.trunc(r.uniformParts)));
  // With tracked links every recipient's text differs: its seq follows each link's code; with the
  // opt-out footer, its own link ends it. `kept` is computed once per row (its window function keeps
  // it a subquery); `priced` is inlined into each use, so its text is referenced once and its parts
  // are counted on kept's text padded to the same length (the seqs and the footer's part add only
  // ASCII). A text that personalising left empty stays empty, 0 parts, without a footer.
  const linked = r.links
    ? linkedTextSql(
        sql`body`,
        sql`seq`,
        r.links.prefix,
        r.links.codes.map((code) => ({ from: code, to: code })),
      )
    : sql`body`;
  const text = r.optOut
    ? sql`(case when body = '' then '' else ${linked} || ${optOutFooterSql(r.optOut, sql`seq`)} end)`
    : linked;
  const padding = `${r.links ? "0".repeat(r.links.seqPadding) : ""}${r.optOut ? optOutFooterPadding(r.optOut) : ""}`;
  const counted =
    padding === "" ? sql`body` : sql`(case when body = '' then '' else body || ${padding}::text end)`;
  const priced = sql`select seq, recipient, missing, ${text} as body,
             ${personalised(r) ? billedPartsSql(counted) : uniform} as parts
        from kept`;
  const contacts = sql`select c.phone_number as recipient, c.first_name, c.last_name, 0 as src, c.id as ord
        from contacts c
       where c.organization_id = ${r.organizationId}
         and c.group_id = any(${arrayLiteral(r.groupIds)}::int[])`;
  const typed = sql`select m.recipient, ''::text as first_name, ''::text as last_name, 1 as src, m.ord
        from unnest(${arrayLiteral(r.manual)}::text[]) with ordinality as m(recipient, ord)`;
  let sources: SQL;
  switch (source.kind) {
    case "all":
      sources = sql`
    src as (
      ${contacts}
      union all
      ${typed}
    ),
    uniq as (
      select distinct on (recipient) recipient, first_name, last_name, src, ord
        from src
       order by recipient, src, ord
    )`;
      break;
    case "contacts":
      sources = sql`
    src as (
      ${contacts} and c.id > ${source.afterId}
       order by c.id
       limit ${source.limit}
    ),
    uniq as (
      select s.recipient, s.first_name, s.last_name, s.src, s.ord from src s
      ${r.groupIds.length > 1 ? sql`where not ${inGroupsSql(r, true)}` : sql``}
    )`;
      break;
    default:
      // typed
      sources = sql`
    src as (${typed}),
    uniq as (
      select s.recipient, s.first_name, s.last_name, s.src, s.ord from src s
      ${r.groupIds.length > 0 ? sql`where not ${inGroupsSql(r, false)}` : sql``}
    )`;
      break;
  }
  const offset = source.kind === "all" ? sql`` : sql`${source.offset}::bigint + `;
  return sql`
    with ${sources},
    kept as (
      select u.recipient, ${body} as body, ${missingSql(r.pieces)} as missing,
             ${offset}row_number() over (order by u.src, u.ord) as seq
        from uniq u
        ${suppressed}
    ),
    priced as (${priced})`;
}

interface CountRow {
  candidates: unknown;
  empty?: unknown;
  last_id?: unknown;
  uniq_count: unknown;
  kept: unknown;
  credits: unknown;
  min_parts: unknown;
  max_parts: unknown;
}

const toCounts = (row: CountRow | undefined): RecipientCounts => ({
  candidates: Number(row?.candidates ?? 0),
  unique: Number(row?.uniq_count ?? 0),
  kept: Number(row?.kept ?? 0),
  credits: Number(row?.credits ?? 0),
  minParts: Number(row?.min_parts ?? 0),
  maxParts: Number(row?.max_parts ?? 0),
});

interface PreviewRow extends CountRow {
  missing: unknown;
  sample_recipient: string | null;
  sample_body: string | null;
}

/**
 * What a send to these recipients would be, with who lacks a value and the first recipient's text
 * (aggregates of the same one pass: no second scan of a large group); reads only.
 */
export async function countContactRecipients(db: Db, r: ContactRecipients): Promise<RecipientPreview> {
  const [row] = await queryRows<PreviewRow>(
    db,
    sql`${recipientsCte(r)}
      select (select count(*) from src) as candidates, (select count(*) from uniq) as uniq_count,
             count(*) as kept, coalesce(sum(parts), 0) as credits,
             coalesce(min(parts), 0) as min_parts, coalesce(max(parts), 0) as max_parts,
             count(*) filter (where missing) as missing,
             max(recipient) filter (where seq = 1) as sample_recipient,
             max(body) filter (where seq = 1) as sample_body
        from priced`,
  );
  const recipient = row?.sample_recipient ?? null;
  return {
    ...toCounts(row),
    missingValues: Number(row?.missing ?? 0),
    sample: recipient === null ? null : { recipient, text: row?.sample_body ?? r.text },
  };
}

export interface MessagesOf {
  campaignId: number;
  /** The messages' created_at (partition key), the campaign's accepted_at. */
  acceptedAt: Date;
  type: MessageType;
  sender: string;
}

/**
 * Stores one message per kept recipient (seq 1..n) with one INSERT … SELECT; answers the counts.
 * With a slice `source` (ADR 53), only that slice's recipients, numbered after `offset`.
 */
export async function insertContactMessages(
  tx: Db,
  r: ContactRecipients,
  of: MessagesOf,
  source: RecipientSource = ALL,
): Promise<StoredContactMessages> {
  const [row] = await queryRows<CountRow>(
    tx,
    sql`${recipientsCte(r, source)},
    ins as (
      insert into messages (created_at, organization_id, campaign_id, seq, type, sender, recipient, text,
                            billed_parts, credits)
      select ${of.acceptedAt.toISOString()}::timestamptz, ${r.organizationId}, ${of.campaignId}, seq,
             ${of.type}, ${of.sender}, recipient,
             ${r.links || r.optOut ? sql`body` : sql`case when body = ${r.text} then null else body end`}, parts, parts
        from priced
      returning billed_parts
    )
    select (select count(*) from src) as candidates, (select count(*) from uniq) as uniq_count,
           (select coalesce(max(x.ord), 0) from src x where x.src = 0) as last_id,
           count(*) as kept, coalesce(sum(billed_parts), 0) as credits,
           coalesce(min(billed_parts), 0) as min_parts, coalesce(max(billed_parts), 0) as max_parts,
           count(*) filter (where billed_parts = 0) as empty
      from ins`,
  );
  return { ...toCounts(row), empty: Number(row?.empty ?? 0), lastId: Number(row?.last_id ?? 0) };
}

/**
 * Whether the groups hold more than `limit` contacts: a bounded count (it reads at most limit + 1
 * rows), for choosing a sliced acceptance.
 */
export async function groupsHoldMoreThan(
  db: Db,
  r: Pick<ContactRecipients, "organizationId" | "groupIds">,
  limit: number,
): Promise<boolean> {
  if (r.groupIds.length === 0) return false;
  const [row] = await queryRows<{ n: unknown }>(
    db,
    sql`select count(*) as n from (
          select 1 from contacts c
           where c.organization_id = ${r.organizationId}
             and c.group_id = any(${arrayLiteral(r.groupIds)}::int[])
           limit ${limit + 1}) x`,
  );
  return Number(row?.n ?? 0) > limit;
}
