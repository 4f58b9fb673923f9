import { ZErrorResponse } from "../contracts/common.ts";
import {
  ZAdminOrderResponse,
  ZAdminOrdersQuery,
  ZAdminOrdersResponse,
  ZAttachWhtCertificateRequest,
  ZCartQuery,
  ZCartResponse,
  ZCreateOrderRequest,
  ZFreeTrialResponse,
  ZOrderIdParams,
  ZOrderResponse,
  ZOrdersQuery,
  ZOrdersResponse,
  ZRejectOrderRequest,
} from "../contracts/orders.ts";
import { defineEndpoint } from "./define.ts";

const tags = ["orders"];

/**
 * Buying credit (issue 10): the cart's totals and PromptPay QR, orders with proof of payment, and
 * the free trial. The package catalogue itself is GET /c/packages (marketingEndpoints.listPackages),
 * public because the price list is; the shop leaves the trial package out of its list.
 */
export const ordersEndpoints = {
  quoteCart: defineEndpoint({
    method: "GET",
    path: "/c/carts",
    auth: "member",
    permission: "credits.buy",
    tags,
    summary: "The cart of one package: sub total, VAT 7%, WHT 3% (juristic), total and the PromptPay QR",
    query: ZCartQuery,
    responses: { 200: ZCartResponse, 404: ZErrorResponse },
  }),
  listOrders: defineEndpoint({
    method: "GET",
    path: "/c/orders",
    auth: "member",
    permission: "orders.view",
    tags,
    summary: "The organization's orders, newest first",
    query: ZOrdersQuery,
    responses: { 200: ZOrdersResponse },
  }),
  getOrder: defineEndpoint({
    method: "GET",
    path: "/c/orders/{id}",
    auth: "member",
    permission: "orders.view",
    tags,
    summary: "One order of the organization",
    params: ZOrderIdParams,
    responses: { 200: ZOrderResponse, 404: ZErrorResponse },
  }),
  createOrder: defineEndpoint({
    method: "POST",
    path: "/c/orders",
    auth: "member",
    permission: "credits.buy",
    tags,
    summary: "Order a package with proof of payment (uploaded first with POST /c/files?kind=payment_proof)",
    description:
      "The totals are computed from the package; status, credits and totals in the body are ignored.",
    body: ZCreateOrderRequest,
    responses: { 201: ZOrderResponse, 404: ZErrorResponse },
  }),
  attachWhtCertificate: defineEndpoint({
    method: "PUT",
    path: "/c/orders/{id}/wht-certificate",
    auth: "member",
    permission: "orders.certificates",
    tags,
    summary: "Attach the withholding-tax certificate (50 ทวิ) to a juristic order of the organization",
    description:
      "Upload it first with POST /c/files?kind=withholding_certificate. A second call replaces it. " +
      "Only an order with withholding tax that was not rejected takes one (otherwise 409).",
    params: ZOrderIdParams,
    body: ZAttachWhtCertificateRequest,
    responses: { 200: ZOrderResponse, 404: ZErrorResponse, 409: ZErrorResponse },
  }),
  redeemFreeTrial: defineEndpoint({
    method: "POST",
    path: "/c/orders/free-trial",
    auth: "member",
    permission: "credits.buy",
    tags,
    summary: "Redeem the free-trial package, once per organization",
    responses: { 201: ZFreeTrialResponse, 404: ZErrorResponse, 409: ZErrorResponse },
  }),
};

/** The staff's orders queue (/admin/orders): approve adds the credits, reject tells the customer why. */
export const adminOrdersEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/admin/orders",
    auth: "staff",
    tags: ["orders", "admin"],
    summary: "Orders of every organization, oldest first, filtered by status (admin)",
    query: ZAdminOrdersQuery,
    responses: { 200: ZAdminOrdersResponse },
  }),
  get: defineEndpoint({
    method: "GET",
    path: "/admin/orders/{id}",
    auth: "staff",
    tags: ["orders", "admin"],
    summary: "One order (admin)",
    params: ZOrderIdParams,
    responses: { 200: ZAdminOrderResponse, 404: ZErrorResponse },
  }),
  approve: defineEndpoint({
    method: "POST",
    path: "/admin/orders/{id}/approve",
    auth: "staff",
    tags: ["orders", "admin"],
    summary: "Approve a waiting order: credits, expiry and the receipt number in one transaction (admin)",
    description: "Approving twice grants once: the second call answers the order as it is.",
    params: ZOrderIdParams,
    responses: { 200: ZAdminOrderResponse, 404: ZErrorResponse, 409: ZErrorResponse },
  }),
  reject: defineEndpoint({
    method: "POST",
    path: "/admin/orders/{id}/reject",
    auth: "staff",
    tags: ["orders", "admin"],
    summary: "Reject a waiting order with the reason the customer reads (admin)",
    params: ZOrderIdParams,
    body: ZRejectOrderRequest,
    responses: { 200: ZAdminOrderResponse, 404: ZErrorResponse, 409: ZErrorResponse },
  }),
};
