import type { Locale } from "@sms/domain";
import type { FastifyInstance } from "fastify";
import { askedLocale } from "../i18n/index.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The portal's language: the one Accept-Language asks for, else Thai (spec §1). */
    locale: Locale;
    /** The language Accept-Language asks for among ours, if any (the public API defaults to English). */
    askedLocale: Locale | undefined;
  }
}

/** The API localises its messages from Accept-Language (DESIGN §3 i18n). */
export function registerLocale(app: FastifyInstance): void {
  app.decorateRequest("locale", "th");
  app.decorateRequest("askedLocale", undefined);
  app.addHook("onRequest", async (request) => {
    request.askedLocale = askedLocale(request.headers["accept-language"]);
    request.locale = request.askedLocale ?? "th";
  });
}
