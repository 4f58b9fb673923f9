import { PageTitle } from "~/features/auth";
import { NotAvailable } from "~/features/settings";

/** /sub-accounts: hidden and disabled (spec §2 and §6); opened directly it says so, with a way back. */
export default function SubAccountsPage() {
  return (
    <>
      <PageTitle />
      <NotAvailable />
    </>
  );
}
