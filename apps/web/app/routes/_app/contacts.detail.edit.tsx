import { useParams } from "react-router";
import { PageTitle } from "~/features/auth";
import { RenameGroupForm } from "~/features/contacts";

/** /contacts/{id}/edit: rename the group. */
export default function RenameContactGroupPage() {
  const id = Number(useParams().id);
  return (
    <section>
      <PageTitle />
      <RenameGroupForm id={id} />
    </section>
  );
}
