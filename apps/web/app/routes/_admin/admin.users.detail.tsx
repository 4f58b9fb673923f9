import { useLocation, useParams } from "react-router";
import { UserDetail } from "~/features/admin";
import { pageTitle } from "~/lib/meta";

const MAX_ID = 2_147_483_647;

export default function UserDetailPage() {
  const { id } = useParams();
  const { pathname } = useLocation();
  const locale = pathname.startsWith("/en") ? "en" : "th";
  const parsed = /^\d{1,10}$/.test(id ?? "") ? Number(id) : 0;
  // An id no user can have shows "not found" at once, as an unknown one does after asking.
  const userId = parsed <= MAX_ID ? parsed : 0;
  return (
    <section>
      <title>{pageTitle(`${locale}:admin.users.detail`, pathname)}</title>
      <UserDetail key={userId} id={userId} />
    </section>
  );
}
