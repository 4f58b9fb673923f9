import { PageTitle } from "~/features/auth";
import { NotAvailable } from "~/features/settings";

/** /surveys: disabled (spec §2 and §6); opened directly it says so, with a way back. */
export default function SurveysPage() {
  return (
    <>
      <PageTitle />
      <NotAvailable />
    </>
  );
}
