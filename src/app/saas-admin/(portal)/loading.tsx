import { RouteLoading } from "~/features/route-states/route-loading";

export default function StaffPortalLoading() {
  return <RouteLoading />;
}
