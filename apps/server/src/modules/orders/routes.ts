import { adminOrdersEndpoints, ordersEndpoints, type TWhtPayee } from "@sms/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { appDeps } from "../../platform/deps.ts";
import { registerEndpoint } from "../../platform/endpoint.ts";
import { assertPhoneVerified } from "../../platform/verified-phone.ts";
import { sellerOf } from "../receipts/index.ts";
import { approveOrder } from "./approve-order.ts";
import { attachWhtCertificate } from "./attach-wht-certificate.ts";
import { createOrder } from "./create-order.ts";
import { getAdminOrder } from "./get-admin-order.ts";
import { getOrder } from "./get-order.ts";
import { listAdminOrders } from "./list-admin-orders.ts";
import { listOrders } from "./list-orders.ts";
import { quoteCart } from "./quote-cart.ts";
import { redeemFreeTrial } from "./redeem-free-trial.ts";
import { rejectOrder } from "./reject-order.ts";

/** The seller as a 50 ทวิ certificate names it, in the receipts' words. */
function whtPayeeOf(seller: ReturnType<typeof sellerOf>): TWhtPayee {
  return { name: seller.name, tax_id: seller.taxId, branch: seller.branch, address: seller.address };
}

/** Carts, orders and the free trial (/c/…), and the staff's orders queue (/admin/orders). */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = appDeps(app);

  registerEndpoint(app, ordersEndpoints.quoteCart, async (request) => ({
    data: await quoteCart(request.tenant.scope.db, {
      packageId: request.query.package_id,
      buyerType: request.query.buyer_type,
      promptPayId: app.config.promptPayId,
      promptPayName: app.config.promptPayName,
      whtPayee: whtPayeeOf(sellerOf(app.config, request.locale)),
    }),
  }));

  registerEndpoint(app, ordersEndpoints.listOrders, async (request) => ({
    data: await listOrders(request.tenant.scope, request.query),
  }));

  registerEndpoint(app, ordersEndpoints.getOrder, async (request) => ({
    data: await getOrder(request.tenant.scope, request.params.id),
  }));

  registerEndpoint(app, ordersEndpoints.createOrder, async (request, reply) => {
    assertPhoneVerified(request.auth);
    return reply.status(201).send({
      data: await createOrder({
        jobs: deps.jobs,
        scope: request.tenant.scope,
        userId: request.tenant.userId,
        input: request.body,
      }),
    });
  });

  registerEndpoint(app, ordersEndpoints.attachWhtCertificate, async (request) => ({
    data: await attachWhtCertificate({
      scope: request.tenant.scope,
      orderId: request.params.id,
      fileId: request.body.file_id,
    }),
  }));

  registerEndpoint(app, ordersEndpoints.redeemFreeTrial, async (request, reply) => {
    assertPhoneVerified(request.auth);
    return reply.status(201).send({
      data: await redeemFreeTrial({
        scope: request.tenant.scope,
        userId: request.tenant.userId,
        packageId: app.config.freeTrialPackageId,
      }),
    });
  });

  registerEndpoint(app, adminOrdersEndpoints.list, async (request) => ({
    data: await listAdminOrders(app.db, request.query),
  }));

  registerEndpoint(app, adminOrdersEndpoints.get, async (request) => ({
    data: await getAdminOrder(app.db, request.params.id),
  }));

  registerEndpoint(app, adminOrdersEndpoints.approve, async (request) => ({
    data: await approveOrder(deps, { orderId: request.params.id, staffUserId: request.auth.userId }),
  }));

  registerEndpoint(app, adminOrdersEndpoints.reject, async (request) => ({
    data: await rejectOrder(deps, {
      orderId: request.params.id,
      staffUserId: request.auth.userId,
      reason: request.body.reason,
    }),
  }));
};
