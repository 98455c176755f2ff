// The test page of an unknown button reads like the checkout page of one.
export { default } from "../../checkout/[id]/not-found";
