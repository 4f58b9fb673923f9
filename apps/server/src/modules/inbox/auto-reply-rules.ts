import { schema } from "@sms/db";
import {
  AUTO_REPLY_RULES_MAX,
  autoReplyKey,
  type TAutoReplyRule,
  type TAutoReplyRuleBody,
} from "@sms/domain";
import { asc, count, eq, sql } from "drizzle-orm";
import { PG_ERROR, pgErrorOf } from "../../db-errors.ts";
import { AppError } from "../../errors.ts";
import type { TenantScope } from "../../platform/tenant.ts";

const r = schema.autoReplyRules;
type RuleRow = typeof r.$inferSelect;

function present(row: RuleRow): TAutoReplyRule {
  return {
    id: row.id,
    keyword: row.keyword,
    reply: row.reply,
    enabled: row.enabled,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Another rule of the organization has the same keyword (by its key): 409. */
function keywordTaken(keyword: string): AppError {
  return new AppError("CONFLICT", {
    messageKey: "inbox.keyword_taken",
    params: { keyword },
    details: [{ path: "keyword", message: "inbox.keyword_taken" }],
  });
}

async function orTaken<T>(keyword: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorOf(error).code === PG_ERROR.uniqueViolation) throw keywordTaken(keyword);
    throw error;
  }
}

/** GET /c/inbox/rules: every rule of the organization (at most AUTO_REPLY_RULES_MAX), oldest first. */
export async function listRules(scope: TenantScope): Promise<TAutoReplyRule[]> {
  const rows = await scope.db.select().from(r).where(scope.where(r)).orderBy(asc(r.createdAt), asc(r.id));
  return rows.map(present);
}

/** POST /c/inbox/rules. */
export async function createRule(scope: TenantScope, input: TAutoReplyRuleBody): Promise<TAutoReplyRule> {
  const [counted] = await scope.db.select({ n: count() }).from(r).where(scope.where(r));
  if ((counted?.n ?? 0) >= AUTO_REPLY_RULES_MAX) {
    throw new AppError("UNPROCESSABLE", {
      messageKey: "inbox.rules_too_many",
      params: { max: AUTO_REPLY_RULES_MAX },
    });
  }
  const [row] = await orTaken(input.keyword, () =>
    scope.db
      .insert(r)
      .values(
        scope.stamp({
          keyword: input.keyword,
          keywordKey: autoReplyKey(input.keyword),
          reply: input.reply,
          enabled: input.enabled,
        }),
      )
      .returning(),
  );
  if (!row) throw new Error("auto-reply rule insert returned no row");
  return present(row);
}

/** PUT /c/inbox/rules/{id}: the whole rule; another organization's id is NOT_FOUND. */
export async function updateRule(
  scope: TenantScope,
  id: number,
  input: TAutoReplyRuleBody,
): Promise<TAutoReplyRule> {
  const [row] = await orTaken(input.keyword, () =>
    scope.db
      .update(r)
      .set({
        keyword: input.keyword,
        keywordKey: autoReplyKey(input.keyword),
        reply: input.reply,
        enabled: input.enabled,
        updatedAt: sql`now()`,
      })
      .where(scope.where(r, eq(r.id, id)))
      .returning(),
  );
  if (!row) throw new AppError("NOT_FOUND");
  return present(row);
}

/** DELETE /c/inbox/rules/{id}; replies it matched keep their outcome. */
export async function deleteRule(scope: TenantScope, id: number): Promise<{ id: number }> {
  const [row] = await scope.db
    .delete(r)
    .where(scope.where(r, eq(r.id, id)))
    .returning({ id: r.id });
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}
