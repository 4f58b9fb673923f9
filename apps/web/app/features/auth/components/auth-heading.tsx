import type { ReactNode } from "react";
import { PageTitle } from "./page-title";

export function AuthHeading({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="mb-6">
      <PageTitle />
      <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
      {children ? <p className="mt-1 text-sm text-gray-600">{children}</p> : null}
    </div>
  );
}
