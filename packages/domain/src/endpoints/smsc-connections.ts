import { ZAdminIdParams } from "../contracts/admin.ts";
import { ZErrorResponse } from "../contracts/common.ts";
import {
  ZCreateSmscConnectionRequest,
  ZSmscConnectionResponse,
  ZSmscConnectionsResponse,
  ZUpdateSmscConnectionRequest,
} from "../contracts/smsc-connections.ts";
import { defineEndpoint } from "./define.ts";

const tags = ["admin"];

/** SMSC connections (issue 26 point 1): staff manage them while the engine runs. Audited. */
export const smscConnectionsEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/admin/smsc-connections",
    auth: "staff",
    tags,
    summary: "The SMSC connections, in the order they are tried (admin)",
    responses: { 200: ZSmscConnectionsResponse },
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/admin/smsc-connections",
    auth: "staff",
    tags,
    summary: "Add an SMSC connection: the simulator or an SMPP bind (admin)",
    description: "The password is stored encrypted and never returned; every process picks the change up.",
    body: ZCreateSmscConnectionRequest,
    responses: { 201: ZSmscConnectionResponse, 409: ZErrorResponse },
  }),
  update: defineEndpoint({
    method: "PATCH",
    path: "/admin/smsc-connections/{id}",
    auth: "staff",
    tags,
    summary: "Change, enable or disable an SMSC connection (admin)",
    description: "Omit the password to keep the stored one. The kind cannot change.",
    params: ZAdminIdParams,
    body: ZUpdateSmscConnectionRequest,
    responses: { 200: ZSmscConnectionResponse, 404: ZErrorResponse, 409: ZErrorResponse },
  }),
};
