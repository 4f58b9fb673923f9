import { ZAdminIdParams } from "../contracts/admin.ts";
import { ZErrorResponse } from "../contracts/common.ts";
import { ZDeletedResponse } from "../contracts/contacts.ts";
import {
  ZCreateSmscRouteRequest,
  ZOperatorRangesResponse,
  ZReplaceOperatorRangesRequest,
  ZSmscRouteResponse,
  ZSmscRoutesResponse,
  ZStaffMessageResponse,
  ZUpdateSmscRouteRequest,
} from "../contracts/smsc-routes.ts";
import { defineEndpoint } from "./define.ts";

const tags = ["admin"];

/** Routes and operator ranges (issue 26 point 2): staff edit them while the engine runs. Audited. */
export const smscRoutesEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/admin/smsc-routes",
    auth: "staff",
    tags,
    summary: "The route rules, in the order they are checked (admin)",
    responses: { 200: ZSmscRoutesResponse },
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/admin/smsc-routes",
    auth: "staff",
    tags,
    summary: "Add a route: which connection takes which messages, and its failover list (admin)",
    body: ZCreateSmscRouteRequest,
    responses: { 201: ZSmscRouteResponse, 400: ZErrorResponse, 409: ZErrorResponse },
  }),
  update: defineEndpoint({
    method: "PATCH",
    path: "/admin/smsc-routes/{id}",
    auth: "staff",
    tags,
    summary: "Change, reorder, enable or disable a route (admin)",
    params: ZAdminIdParams,
    body: ZUpdateSmscRouteRequest,
    responses: { 200: ZSmscRouteResponse, 400: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse },
  }),
  remove: defineEndpoint({
    method: "DELETE",
    path: "/admin/smsc-routes/{id}",
    auth: "staff",
    tags,
    summary: "Remove a route (admin)",
    params: ZAdminIdParams,
    responses: { 200: ZDeletedResponse, 404: ZErrorResponse },
  }),
  ranges: defineEndpoint({
    method: "GET",
    path: "/admin/operator-ranges",
    auth: "staff",
    tags,
    summary: "The operators' number ranges routes may name (admin)",
    responses: { 200: ZOperatorRangesResponse },
  }),
  replaceRanges: defineEndpoint({
    method: "PUT",
    path: "/admin/operator-ranges",
    auth: "staff",
    tags,
    summary: "Replace the operators' number ranges (admin)",
    body: ZReplaceOperatorRangesRequest,
    responses: { 200: ZOperatorRangesResponse, 400: ZErrorResponse },
  }),
  message: defineEndpoint({
    method: "GET",
    path: "/admin/messages/{id}",
    auth: "staff",
    tags,
    summary: "One message: its route, connection, gateway ids and status (admin)",
    params: ZAdminIdParams,
    responses: { 200: ZStaffMessageResponse, 404: ZErrorResponse },
  }),
};
