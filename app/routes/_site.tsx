import { Outlet } from "@remix-run/react";

export default function SiteLayout() {
  return <Outlet />;
}
