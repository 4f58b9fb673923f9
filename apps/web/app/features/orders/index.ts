/** Buying credit (issue 10): the shop, the cart with PromptPay, orders, and the staff's orders queue. */
export { AdminOrdersQueue } from "./components/admin-orders-queue";
export { CartView } from "./components/cart-view";
export { OrdersTable } from "./components/orders-table";
export { PackageList } from "./components/package-list";
