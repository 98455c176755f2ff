import { DiscountsScreen } from "~/features/discounts/discounts-screen";

export const metadata = { title: "Discounts · Popkit" };

export default function DiscountsPage() {
  return <DiscountsScreen />;
}
