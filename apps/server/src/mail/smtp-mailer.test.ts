import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerPerson } from "../test/accounts.ts";
import { createTestApp, type TestContext } from "../test/test-app.ts";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

describe("SMTP mailer (SMTP_URL set)", () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let t: TestContext;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.server.address() as AddressInfo;
    t = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Portal <no-reply@portal.test>" },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("delivers the localized OTP e-mail over SMTP instead of the dev mailbox", async () => {
    const { person } = await registerPerson(t);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/c/guest/forgot-password",
      headers: { "accept-language": "en" },
      payload: { username: person.email },
    });
    expect(res.statusCode).toBe(200);
    // The code goes out from a job, through SMTP.
    expect(received).toHaveLength(0);
    await t.jobs.drain();
    expect(received).toHaveLength(1);
    expect(received[0]?.from).toBe("no-reply@portal.test");
    expect(received[0]?.to).toEqual([person.email]);
    expect(received[0]?.raw).toContain(`Subject: Your OTP code (Ref: ${res.json().data.ref_code})`);
    const inbox = await t.app.inject({ method: "GET", url: "/api/v1/dev/inbox?channel=email" });
    expect(inbox.json().data.entities).toHaveLength(0);
  });
});
