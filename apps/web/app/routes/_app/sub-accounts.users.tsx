/** /sub-accounts/users: hidden and disabled like /sub-accounts (spec §2 and §6). */
export { default } from "./sub-accounts";
