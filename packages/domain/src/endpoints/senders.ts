import { ZErrorResponse } from "../contracts/common.ts";
import {
  ZAdminSenderResponse,
  ZAdminSendersQuery,
  ZAdminSendersResponse,
  ZApproveSenderRequest,
  ZBlockSenderRequest,
  ZCreateSenderRequest,
  ZSenderIdParams,
  ZSenderResponse,
  ZSendersQuery,
  ZSendersResponse,
} from "../contracts/senders.ts";
import { defineEndpoint } from "./define.ts";

const tags = ["senders"];

/** Sender names (issue 11 point 4, spec §7 /c/senders): requests with evidence, and the shared default. */
export const sendersEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/c/senders",
    auth: "member",
    permission: "senders.manage",
    tags,
    summary: "The organization's sender names and the shared default sender, newest first",
    query: ZSendersQuery,
    responses: { 200: ZSendersResponse },
  }),
  get: defineEndpoint({
    method: "GET",
    path: "/c/senders/{id}",
    auth: "member",
    permission: "senders.manage",
    tags,
    summary: "One sender name of the organization (or the shared default) with its evidence",
    params: ZSenderIdParams,
    responses: { 200: ZSenderResponse, 404: ZErrorResponse },
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/c/senders",
    auth: "member",
    permission: "senders.manage",
    tags,
    summary:
      "Request a sender name with evidence (files uploaded first with POST /c/files?kind=sender_evidence)",
    description:
      "Pending until staff approve or block it (1–3 working days). One pending or approved request per name.",
    body: ZCreateSenderRequest,
    responses: { 201: ZSenderResponse, 409: ZErrorResponse },
  }),
};

/** The staff's sender queue (/admin/senders): approve, or block with the reason the customer reads. */
export const adminSendersEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/admin/senders",
    auth: "staff",
    tags: ["senders", "admin"],
    summary: "Sender requests of every organization, oldest first, filtered by status and searched (admin)",
    query: ZAdminSendersQuery,
    responses: { 200: ZAdminSendersResponse },
  }),
  get: defineEndpoint({
    method: "GET",
    path: "/admin/senders/{id}",
    auth: "staff",
    tags: ["senders", "admin"],
    summary: "One sender request with its organization and evidence (admin)",
    params: ZSenderIdParams,
    responses: { 200: ZAdminSenderResponse, 404: ZErrorResponse },
  }),
  approve: defineEndpoint({
    method: "POST",
    path: "/admin/senders/{id}/approve",
    auth: "staff",
    tags: ["senders", "admin"],
    summary: "Approve a pending sender request, with an optional note (admin)",
    description: "Decided once: a request that is no longer pending answers 409.",
    params: ZSenderIdParams,
    body: ZApproveSenderRequest,
    responses: { 200: ZAdminSenderResponse, 404: ZErrorResponse, 409: ZErrorResponse },
  }),
  block: defineEndpoint({
    method: "POST",
    path: "/admin/senders/{id}/block",
    auth: "staff",
    tags: ["senders", "admin"],
    summary: "Block a pending sender request with the reason the customer reads (admin)",
    description: "Decided once: a request that is no longer pending answers 409.",
    params: ZSenderIdParams,
    body: ZBlockSenderRequest,
    responses: { 200: ZAdminSenderResponse, 404: ZErrorResponse, 409: ZErrorResponse },
  }),
};
