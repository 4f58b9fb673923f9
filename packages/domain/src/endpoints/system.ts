import { ZErrorResponse } from "../contracts/common.ts";
import { ZConfigurationResponse, ZHealthResponse } from "../contracts/system.ts";
import { defineEndpoint } from "./define.ts";

const tags = ["system"];

export const systemEndpoints = {
  configurations: defineEndpoint({
    method: "GET",
    path: "/configurations",
    auth: "guest",
    tags,
    summary: "Public configuration (terms version, whether the dev inbox is on)",
    responses: { 200: ZConfigurationResponse, 500: ZErrorResponse },
  }),
  health: defineEndpoint({
    method: "GET",
    path: "/health",
    auth: "guest",
    tags,
    summary: "Liveness and database check",
    responses: { 200: ZHealthResponse, 503: ZHealthResponse },
  }),
};
