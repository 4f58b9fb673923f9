/** Spec §2 lists /organizations/headers beside /organizations: the same table. */
export { default } from "./organizations";
