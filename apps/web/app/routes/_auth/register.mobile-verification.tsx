import { RegisterVerifyStep } from "~/features/auth/components/register-verify-step";

export default function RegisterMobileVerificationPage() {
  return <RegisterVerifyStep type="phone" />;
}
