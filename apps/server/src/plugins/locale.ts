import type { Locale } from "@sms/domain";
import type { FastifyInstance } from "fastify";
import { localeFromHeader } from "../i18n/index.ts";

declare module "fastify" {
  interface FastifyRequest {
    locale: Locale;
  }
}

/** The API localises its messages from Accept-Language (DESIGN §3 i18n). */
export function registerLocale(app: FastifyInstance): void {
  app.decorateRequest("locale", "th");
  app.addHook("onRequest", async (request) => {
    request.locale = localeFromHeader(request.headers["accept-language"]);
  });
}
