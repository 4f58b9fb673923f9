import type { Db } from "@sms/db";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { createServices } from "../../platform/services.ts";
import { LocalSmsc } from "./local-smsc.ts";
import { sleep, until } from "./test-support.ts";
import type { SmppClientOptions } from "./types.ts";

const base = { DATA_DIR: "/tmp/sms-config-test", JWT_SECRET: "x".repeat(32) };

describe("loadConfig: SMPP", () => {
  it("needs no SMPP settings with the simulator", () => {
    expect(loadConfig(base).smpp).toBeNull();
  });

  it("requires host, system id and password with SMS_GATEWAY=smpp", () => {
    expect(() => loadConfig({ ...base, SMS_GATEWAY: "smpp", SMPP_HOST: "smsc.example" })).toThrow(
      /SMPP_HOST, SMPP_SYSTEM_ID and SMPP_PASSWORD/,
    );
  });

  it("parses the connection into client options with defaults", () => {
    const smpp = loadConfig({
      ...base,
      SMS_GATEWAY: "smpp",
      SMPP_HOST: "smsc.example",
      SMPP_SYSTEM_ID: "portal",
      SMPP_PASSWORD: "secret",
      SMPP_BINDS: "4",
      SMPP_TPS: "200",
      SMPP_SUBMIT_ID_FORMAT: "hex",
      SMPP_RECEIPT_ID_FORMAT: "decimal",
    }).smpp;
    expect(smpp).toEqual({
      host: "smsc.example",
      port: 2775,
      systemId: "portal",
      password: "secret",
      systemType: "",
      binds: 4,
      tps: 200,
      window: 10,
      pduTimeoutMs: 10_000,
      enquireLinkMs: 30_000,
      submitIdFormat: "hex",
      receiptIdFormat: "decimal",
    } satisfies SmppClientOptions);
    expect(() =>
      loadConfig({
        ...base,
        SMS_GATEWAY: "smpp",
        SMPP_HOST: "h",
        SMPP_SYSTEM_ID: "p",
        SMPP_PASSWORD: "s",
        SMPP_WINDOW: "0",
      }),
    ).toThrow(/SMPP_WINDOW/);
  });
});

describe("createServices: SMS_GATEWAY=smpp", () => {
  it("builds the SMPP gateway from the settings; it binds on first use, not at start", async () => {
    const smsc = new LocalSmsc({ port: 0, systemId: "portal", password: "secret", receiptDelayMs: 10 });
    const port = await smsc.start();
    try {
      const config = loadConfig({
        ...base,
        SMS_GATEWAY: "smpp",
        SMPP_HOST: "127.0.0.1",
        SMPP_PORT: String(port),
        SMPP_SYSTEM_ID: "portal",
        SMPP_PASSWORD: "secret",
      });
      // The SMPP branch never touches the database.
      const services = createServices(config, {} as Db);
      expect(services.smsGateway.name).toBe("smpp");
      await sleep(50);
      expect(smsc.stats.binds).toBe(0);
      const { messageId } = await services.smsGateway.send({
        to: "66812345678",
        sender: "SMSPortal",
        text: "123456",
      });
      expect(messageId).toBe("1a2b");
      expect(smsc.bindKinds()).toEqual(["transmitter"]);
      await services.close();
      await until(() => smsc.boundConnections === 0);
    } finally {
      await smsc.stop();
    }
  });
});
