import { useParams } from "react-router";
import { PageTitle } from "~/features/auth";
import { OrganizationDetail } from "~/features/organizations";

/** /organizations/{id}: the organization and its members (spec §2). */
export default function OrganizationPage() {
  const id = Number(useParams().id);
  return (
    <section>
      <PageTitle />
      <OrganizationDetail id={id} />
    </section>
  );
}
