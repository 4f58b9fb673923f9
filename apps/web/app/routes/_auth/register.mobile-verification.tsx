import { RegisterVerifyStep } from "~/features/auth";

export default function RegisterMobileVerificationPage() {
  return <RegisterVerifyStep type="phone" />;
}
