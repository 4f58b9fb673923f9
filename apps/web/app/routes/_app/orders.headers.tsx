/** /orders/headers shows the same list as /orders (spec §2). */
export { default } from "./orders";
