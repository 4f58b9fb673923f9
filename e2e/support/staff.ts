import { mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./test";

/** The admin the server seeds outside production (ADMIN_EMAIL and the development password). */
export const ADMIN = { email: "admin@smsportal.local", password: "admin12345" } as const;

/**
 * One session per account (spec §9): a sign-in as the admin ends the admin's other session. The
 * back-office journeys (admin.spec.ts) keep the admin signed in on screen for a whole test, and
 * journeys in the other worker approve their sender names as the admin through the API, so every
 * use of the admin's session holds this lock, shared by the run's worker processes.
 */
const LOCK = join(tmpdir(), `sms-e2e-admin-${process.env.E2E_PORT ?? 3999}.lock`);
const OWNER = join(LOCK, "pid");

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** A lock left behind by a run that was killed: its holder's process is gone. */
async function abandoned(): Promise<boolean> {
  const pid = Number(await readFile(OWNER, "utf8").catch(() => ""));
  if (pid > 0) return !alive(pid);
  // Between the mkdir and the pid file: only a holder that died in that instant leaves it this way.
  const since = await stat(LOCK).then(
    (s) => Date.now() - s.mtimeMs,
    () => 0,
  );
  return since > 10_000;
}

/**
 * Waits for the admin's session to be free and takes it; the returned function gives it back.
 * The wait does not count against the waiting test's timeout: it is another test's time.
 */
export async function holdAdminSession(): Promise<() => Promise<void>> {
  const started = Date.now();
  for (;;) {
    try {
      await mkdir(LOCK);
      await writeFile(OWNER, String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (await abandoned()) await rm(LOCK, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const info = test.info();
  info.setTimeout(info.timeout + (Date.now() - started));
  return () => rm(LOCK, { recursive: true, force: true });
}

/** Runs `act` with the admin's API headers, signed in for it alone and signed out after. */
export async function asAdmin<T>(
  request: APIRequestContext,
  act: (headers: { authorization: string }) => Promise<T>,
): Promise<T> {
  const release = await holdAdminSession();
  try {
    const login = await request.post("/api/v1/c/guest/login", {
      data: { username: ADMIN.email, password: ADMIN.password },
    });
    expect(login.status()).toBe(200);
    const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
    try {
      return await act(headers);
    } finally {
      await request.post("/api/v1/c/me/logout", { headers });
    }
  } finally {
    await release();
  }
}
