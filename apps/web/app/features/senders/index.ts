/** Sender names (issue 11): the customer's list, request form and detail, and the staff's sender queue. */
export { AdminSendersQueue } from "./components/admin-senders-queue";
export { SenderDetail } from "./components/sender-detail";
export { SenderForm } from "./components/sender-form";
export { SendersTable } from "./components/senders-table";
