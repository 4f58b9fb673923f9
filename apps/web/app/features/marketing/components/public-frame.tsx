import type { Locale } from "@sms/domain/routes";
import type { ReactNode } from "react";
import { Footer } from "./footer";
import { Header } from "./header";

/** The public site's header and footer around a page that is not a marketing page (the error pages). */
export function PublicFrame({
  locale,
  pathname,
  children,
}: {
  locale: Locale;
  pathname: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <Header locale={locale} pathname={pathname} />
      {children}
      <Footer locale={locale} year={new Date().getFullYear()} />
    </div>
  );
}
