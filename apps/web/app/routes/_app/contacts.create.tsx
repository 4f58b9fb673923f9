import { PageTitle } from "~/features/auth";
import { CreateGroupForm } from "~/features/contacts";

/** /contacts/create: a new contact group. */
export default function CreateContactGroupPage() {
  return (
    <section>
      <PageTitle />
      <CreateGroupForm />
    </section>
  );
}
