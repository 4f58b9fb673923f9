// The signed-in organization owner the HTTP benches measure as: a verified user owning a fresh
// organization, and the app built on the bench's database with that user's bearer token.
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createOrganization, type Db, type DbHandle, schema } from "@sms/db";
import { buildApp } from "../../apps/server/src/app.ts";
import { loadConfig } from "../../apps/server/src/config.ts";
import { hashPassword } from "../../apps/server/src/modules/auth/index.ts";

/** The server app as buildApp returns it (the bench workspace does not depend on fastify itself). */
type BenchApp = Awaited<ReturnType<typeof buildApp>>;

export interface BenchOwner {
  email: string;
  password: string;
  userId: number;
  organizationId: number;
}

/** A verified owner of a new organization "Bench <name>" (`name` also keys the e-mail with `label`). */
export async function createBenchOwner(
  db: Db,
  options: { name: string; label: string; phoneNumber: string },
): Promise<BenchOwner> {
  const password = "bench12345";
  const email = `bench-${options.name.toLowerCase()}-${options.label}@example.com`;
  const now = new Date();
  const [user] = await db
    .insert(schema.users)
    .values({
      firstName: "Bench",
      lastName: options.name,
      email,
      phoneNumber: options.phoneNumber,
      passwordHash: await hashPassword(password),
      phoneNumberVerifiedAt: now,
      emailVerifiedAt: now,
    })
    .returning({ id: schema.users.id });
  if (!user) throw new Error("the bench user was not stored");
  const { organizationId } = await createOrganization(db, {
    name: `Bench ${options.name.toLowerCase()}`,
    ownerId: user.id,
    makeDefault: true,
  });
  return { email, password, userId: user.id, organizationId };
}

/** The app on the bench's database (no job worker), signed in as the owner; close the app when done. */
export async function signedInApp(
  handle: DbHandle,
  owner: BenchOwner,
  options: { name: string; language: "th" | "en" },
): Promise<{ app: BenchApp; headers: Record<string, string> }> {
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123",
      DATA_DIR: join(tmpdir(), `bench-${options.name.toLowerCase()}-data`),
      // A slow bench (many runs of a long request on a loaded machine) outlives the default 15 minutes.
      ACCESS_TOKEN_TTL: "86400",
    }),
    dbHandle: handle,
    boss: null,
    logger: false,
  });
  await app.ready();
  const login = await app.inject({
    method: "POST",
    url: "/api/v1/c/guest/login",
    payload: { username: owner.email, password: owner.password },
  });
  if (login.statusCode !== 200) {
    await app.close();
    throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  }
  return {
    app,
    headers: { authorization: `Bearer ${login.json().data.token}`, "accept-language": options.language },
  };
}
