import { CreditCard, FileText, LayoutDashboard, Settings, Users } from "lucide-react";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { Providers } from "~/app/providers";
import { AppShell, type NavItem } from "~/components/app-shell";
import { auth } from "~/server/auth";
import { getMerchantProfile } from "~/server/services/merchants";

const icon = "h-4 w-4";
const nav: NavItem[] = [
  { href: "/dashboard", label: "Dashboard", icon: <LayoutDashboard aria-hidden className={icon} />, exact: true },
  { href: "/dashboard/pages", label: "Pages", icon: <FileText aria-hidden className={icon} /> },
  { href: "/dashboard/payments", label: "Payments", icon: <CreditCard aria-hidden className={icon} /> },
  { href: "/dashboard/customers", label: "Customers", icon: <Users aria-hidden className={icon} /> },
  { href: "/dashboard/settings", label: "Store Settings", icon: <Settings aria-hidden className={icon} /> },
];

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const session = await auth();
  if (session?.user.userType !== "merchant") redirect("/auth");
  const merchant = await getMerchantProfile(session.user.id);
  if (!merchant) redirect("/auth");

  return (
    <AppShell
      title="Merchant"
      nav={nav}
      userName={merchant.name || "User"}
      userDetail={merchant.email}
      signOutTo="/auth"
    >
      <Providers>{children}</Providers>
    </AppShell>
  );
}
