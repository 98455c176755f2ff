export { RouteLoading as default } from "~/features/route-states/route-loading";
