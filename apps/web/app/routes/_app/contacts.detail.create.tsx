import { useParams } from "react-router";
import { PageTitle } from "~/features/auth";
import { AddContact } from "~/features/contacts";

/** /contacts/{id}/create: add a contact to the group. */
export default function AddContactPage() {
  const id = Number(useParams().id);
  return (
    <section>
      <PageTitle />
      <AddContact groupId={id} />
    </section>
  );
}
