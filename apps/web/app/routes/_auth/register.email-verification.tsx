import { RegisterVerifyStep } from "~/features/auth/components/register-verify-step";

export default function RegisterEmailVerificationPage() {
  return <RegisterVerifyStep type="email" />;
}
