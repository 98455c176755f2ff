import { CreditCard, LayoutDashboard, ListRestart, ScrollText, Settings, Store, Users } from "lucide-react";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { Providers } from "~/app/providers";
import { AppShell, type NavItem } from "~/components/app-shell";
import { AccountUnavailable } from "~/features/staff/account-unavailable";
import { auth } from "~/server/auth";
import { roleLabels } from "~/schemas/staff";
import { getActiveStaff } from "~/server/staff/users";

const icon = "h-4 w-4";
const nav: NavItem[] = [
  { href: "/saas-admin", label: "Overview", icon: <LayoutDashboard aria-hidden className={icon} />, exact: true },
  { href: "/saas-admin/users", label: "SaaS Users", icon: <Users aria-hidden className={icon} /> },
  { href: "/saas-admin/merchants", label: "Merchants", icon: <Store aria-hidden className={icon} /> },
  { href: "/saas-admin/transactions", label: "Transactions", icon: <CreditCard aria-hidden className={icon} /> },
  { href: "/saas-admin/jobs", label: "Background Jobs", icon: <ListRestart aria-hidden className={icon} /> },
  { href: "/saas-admin/settings", label: "Settings", icon: <Settings aria-hidden className={icon} /> },
];
// Only super admins may read the audit log (the procedure enforces it; this just hides a page they cannot use).
const auditItem: NavItem = {
  href: "/saas-admin/audit",
  label: "Audit Log",
  icon: <ScrollText aria-hidden className={icon} />,
};

export default async function StaffPortalLayout({ children }: { children: ReactNode }) {
  const session = await auth();
  if (session?.user.userType !== "saas_admin") redirect("/saas-admin/auth");
  const staff = await getActiveStaff(session.user.id);
  if (!staff) return <AccountUnavailable />;

  return (
    <AppShell
      timeZone="UTC"
      title="Admin"
      nav={staff.role === "super_admin" ? [...nav, auditItem] : nav}
      userName={staff.name}
      userDetail={`@${staff.username} · ${roleLabels[staff.role]}`}
      signOutTo="/saas-admin/auth"
    >
      <Providers>{children}</Providers>
    </AppShell>
  );
}
