import { ZErrorResponse } from "../contracts/common.ts";
import {
  ZCreateTemplateRequest,
  ZDeleteTemplateResponse,
  ZTemplateIdParams,
  ZTemplateResponse,
  ZTemplatesQuery,
  ZTemplatesResponse,
  ZUpdateTemplateRequest,
} from "../contracts/templates.ts";
import { defineEndpoint } from "./define.ts";

const tags = ["templates"];

/**
 * SMS templates of the current organization (spec §7 /c/templates, issue 11). Another
 * organization's template id answers 404.
 */
export const templatesEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/c/templates",
    auth: "member",
    permission: "templates.manage",
    tags,
    summary: "The organization's SMS templates, newest first; search by name, filter on or off",
    query: ZTemplatesQuery,
    responses: { 200: ZTemplatesResponse },
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/c/templates",
    auth: "member",
    permission: "templates.manage",
    tags,
    summary:
      "Create a template: a name and a message with the tags {first_name}, {last_name}, {phone_number}",
    body: ZCreateTemplateRequest,
    responses: { 201: ZTemplateResponse },
  }),
  get: defineEndpoint({
    method: "GET",
    path: "/c/templates/{id}",
    auth: "member",
    permission: "templates.manage",
    tags,
    summary: "One template with its whole message",
    params: ZTemplateIdParams,
    responses: { 200: ZTemplateResponse, 404: ZErrorResponse },
  }),
  update: defineEndpoint({
    method: "PATCH",
    path: "/c/templates/{id}",
    auth: "member",
    permission: "templates.manage",
    tags,
    summary: "Change a template's name, message or on/off status (spec §4 toggle)",
    description: "Every change sets updated_at.",
    params: ZTemplateIdParams,
    body: ZUpdateTemplateRequest,
    responses: { 200: ZTemplateResponse, 404: ZErrorResponse },
  }),
  delete: defineEndpoint({
    method: "DELETE",
    path: "/c/templates/{id}",
    auth: "member",
    permission: "templates.manage",
    tags,
    summary: "Delete a template",
    params: ZTemplateIdParams,
    responses: { 200: ZDeleteTemplateResponse, 404: ZErrorResponse },
  }),
};
