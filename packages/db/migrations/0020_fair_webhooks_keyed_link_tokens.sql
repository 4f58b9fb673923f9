DROP INDEX "webhook_deliveries_due_idx";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "host" text GENERATED ALWAYS AS (lower(substring(url from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?([^/?#]*)'))) STORED;--> statement-breakpoint
ALTER TABLE "tracked_links" ADD COLUMN "token_key" text;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_first_due_idx" ON "webhook_deliveries" USING btree ("organization_id","next_attempt_at","id") WHERE "webhook_deliveries"."status" = 'pending' and "webhook_deliveries"."attempts" = 0;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_retry_due_idx" ON "webhook_deliveries" USING btree ("organization_id","next_attempt_at","id") WHERE "webhook_deliveries"."status" = 'pending' and "webhook_deliveries"."attempts" > 0;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_host_due_idx" ON "webhook_deliveries" USING btree ("host","next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "link_clicks_campaign_time_idx" ON "link_clicks" USING btree ("campaign_id","clicked_at");--> statement-breakpoint
-- A tracked link's per-recipient part (ADR 35): the seq through a 4-round Feistel permutation of 46
-- bits (23-bit halves, round function the first 23 bits of md5(key:round:half)), written as 8
-- base62 characters. apps/server/src/modules/links/link-token.ts is the same permutation, and its
-- inverse, in TypeScript; a test keeps the two equal.
CREATE FUNCTION "tracked_link_token"(key text, seq bigint) RETURNS text
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  l0 integer := (seq >> 23)::integer;
  r0 integer := (seq & 8388607)::integer;
  r1 integer;
  r2 integer;
  r3 integer;
  r4 integer;
  v bigint;
BEGIN
  r1 := l0 # (('x' || substr(md5(key || ':1:' || r0), 1, 6))::bit(24)::integer >> 1);
  r2 := r0 # (('x' || substr(md5(key || ':2:' || r1), 1, 6))::bit(24)::integer >> 1);
  r3 := r1 # (('x' || substr(md5(key || ':3:' || r2), 1, 6))::bit(24)::integer >> 1);
  r4 := r2 # (('x' || substr(md5(key || ':4:' || r3), 1, 6))::bit(24)::integer >> 1);
  v := (r3::bigint << 23) | r4;
  RETURN substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', (v / 3521614606208 % 62)::integer + 1, 1)
    || substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', (v / 56800235584 % 62)::integer + 1, 1)
    || substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', (v / 916132832 % 62)::integer + 1, 1)
    || substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', (v / 14776336 % 62)::integer + 1, 1)
    || substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', (v / 238328 % 62)::integer + 1, 1)
    || substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', (v / 3844 % 62)::integer + 1, 1)
    || substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', (v / 62 % 62)::integer + 1, 1)
    || substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', (v / 1 % 62)::integer + 1, 1);
END $$;
