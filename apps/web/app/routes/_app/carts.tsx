import { PageTitle } from "~/features/auth";
import { CartView } from "~/features/orders";

/** /carts?package_id= (or ?free_trial=true): the totals, the PromptPay QR and the order with its proof. */
export default function CartsPage() {
  return (
    <div className="space-y-6">
      <PageTitle />
      <CartView />
    </div>
  );
}
