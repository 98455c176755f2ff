import { CreditCard, LayoutDashboard, Settings, Store, Users } from "lucide-react";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { AppShell, type NavItem } from "~/components/app-shell";
import { auth } from "~/server/auth";
import { getActiveStaff } from "~/server/services/staff";

const icon = "h-4 w-4";
const nav: NavItem[] = [
  { href: "/saas-admin", label: "Overview", icon: <LayoutDashboard aria-hidden className={icon} />, exact: true },
  { href: "/saas-admin/users", label: "SaaS Users", icon: <Users aria-hidden className={icon} /> },
  { href: "/saas-admin/merchants", label: "Merchants", icon: <Store aria-hidden className={icon} /> },
  { href: "/saas-admin/transactions", label: "Transactions", icon: <CreditCard aria-hidden className={icon} /> },
  { href: "/saas-admin/settings", label: "Settings", icon: <Settings aria-hidden className={icon} /> },
];

const roleLabel = { super_admin: "Super admin", admin: "Admin", operator: "Operator" } as const;

export default async function StaffPortalLayout({ children }: { children: ReactNode }) {
  const session = await auth();
  if (session?.user.userType !== "saas_admin") redirect("/saas-admin/auth");
  const staff = await getActiveStaff(session.user.id);
  if (!staff) redirect("/saas-admin/auth");

  return (
    <AppShell
      title="Admin"
      nav={nav}
      userName={staff.name}
      userDetail={`@${staff.username} · ${roleLabel[staff.role]}`}
      signOutTo="/saas-admin/auth"
    >
      {children}
    </AppShell>
  );
}
