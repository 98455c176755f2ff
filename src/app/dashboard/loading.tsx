import { RouteLoading } from "~/features/route-states/route-loading";

export default function DashboardLoading() {
  return <RouteLoading />;
}
