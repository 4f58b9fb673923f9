import { useParams } from "react-router";
import { PageTitle } from "~/features/auth";
import { TemplateEditor } from "~/features/templates";

/** /templates/{id}: edit one SMS template. */
export default function TemplatePage() {
  const id = Number(useParams().id);
  return (
    <section>
      <PageTitle />
      <TemplateEditor id={id} />
    </section>
  );
}
