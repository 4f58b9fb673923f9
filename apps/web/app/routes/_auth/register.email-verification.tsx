import { RegisterVerifyStep } from "~/features/auth";

export default function RegisterEmailVerificationPage() {
  return <RegisterVerifyStep type="email" />;
}
