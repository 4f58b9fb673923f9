import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, listening } from "./ports.ts";

/**
 * Debian's PgBouncer in transaction mode in front of the PostgreSQL server of TEST_DATABASE_URL, for
 * the topology test (issue 26 point 7). `.ci/run` installs the package; here it is only found.
 */
export const PGBOUNCER = ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"].find((p) => existsSync(p));

export interface PgBouncer {
  /** `databaseUrl` with PgBouncer's host and port in place of the server's. */
  urlFor(databaseUrl: string): string;
  stop(): Promise<void>;
}

export async function startPgBouncer(serverUrl: string): Promise<PgBouncer> {
  if (!PGBOUNCER)
    throw new Error(
      "pgbouncer is not installed: .ci/run installs Debian's pgbouncer (apt-get install pgbouncer)",
    );
  const server = new URL(serverUrl);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "pgbouncer-"));
  const user = decodeURIComponent(server.username || "postgres");
  writeFileSync(join(dir, "userlist.txt"), `"${user}" "${decodeURIComponent(server.password)}"\n`);
  writeFileSync(
    join(dir, "pgbouncer.ini"),
    [
      "[databases]",
      `* = host=${server.hostname} port=${server.port || 5432}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      server.password ? "auth_type = plain" : "auth_type = trust",
      `auth_file = ${join(dir, "userlist.txt")}`,
      "pool_mode = transaction",
      "max_client_conn = 1000",
      "default_pool_size = 20",
      "ignore_startup_parameters = extra_float_digits,options",
      `logfile = ${join(dir, "pgbouncer.log")}`,
      "log_connections = 0",
      "log_disconnections = 0",
    ].join("\n"),
  );
  // PgBouncer will not run as root: it drops to nobody, who must read its files and write its log.
  const root = process.getuid?.() === 0;
  if (root) {
    const nobody = Number(spawnSync("id", ["-u", "nobody"]).stdout.toString().trim());
    chownSync(dir, nobody, nobody);
    chmodSync(dir, 0o755);
  }
  const child: ChildProcess = spawn(
    PGBOUNCER,
    [...(root ? ["-u", "nobody"] : []), join(dir, "pgbouncer.ini")],
    { stdio: "ignore" },
  );
  // Ready when it accepts connections.
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`pgbouncer exited (${code}): see ${dir}/pgbouncer.log`))),
  );
  exited.catch(() => undefined);
  await Promise.race([listening(port, "pgbouncer", 15_000), exited]);
  return {
    urlFor(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      return url.toString();
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
