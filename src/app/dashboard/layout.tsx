import {
  CreditCard,
  FileText,
  KeyRound,
  LayoutDashboard,
  Settings,
  TicketPercent,
  ShieldAlert,
  Truck,
  UserCog,
  Users,
} from "lucide-react";
import Link from "next/link";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { Providers } from "~/app/providers";
import { AppShell, type NavItem } from "~/components/app-shell";
import { Alert } from "~/components/ui/alert";
import { VerifyEmailBanner } from "~/features/accounts/verify-email-banner";
import { StoreTimeZoneSync } from "~/features/stores/store-time-zone-sync";
import { auth } from "~/server/auth";
import { findAccountStatus } from "~/server/accounts/accounts";
import { disputesAwaitingSeller } from "~/server/disputes/disputes";
import { getMerchantProfile } from "~/server/stores/merchants";
import { getStoreTimeZone } from "~/server/stores/settings";

const icon = "h-4 w-4";
const nav: NavItem[] = [
  { href: "/dashboard", label: "Dashboard", icon: <LayoutDashboard aria-hidden className={icon} />, exact: true },
  { href: "/dashboard/pages", label: "Pages", icon: <FileText aria-hidden className={icon} /> },
  { href: "/dashboard/discounts", label: "Discounts", icon: <TicketPercent aria-hidden className={icon} /> },
  { href: "/dashboard/payments", label: "Payments", icon: <CreditCard aria-hidden className={icon} /> },
  { href: "/dashboard/customers", label: "Customers", icon: <Users aria-hidden className={icon} /> },
  { href: "/dashboard/shipping", label: "Shipping", icon: <Truck aria-hidden className={icon} /> },
  { href: "/dashboard/disputes", label: "Disputes", icon: <ShieldAlert aria-hidden className={icon} /> },
  { href: "/dashboard/license-keys", label: "License keys", icon: <KeyRound aria-hidden className={icon} /> },
  { href: "/dashboard/settings", label: "Store Settings", icon: <Settings aria-hidden className={icon} /> },
  { href: "/dashboard/settings/account", label: "Account", icon: <UserCog aria-hidden className={icon} /> },
];

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const session = await auth();
  if (session?.user.userType !== "merchant") redirect("/auth");
  const [merchant, account, timeZone, disputesWaiting] = await Promise.all([
    getMerchantProfile(session.user.id),
    findAccountStatus(session.user.id),
    getStoreTimeZone(session.user.id),
    disputesAwaitingSeller(session.user.id),
  ]);
  if (!merchant || !account) redirect("/auth");

  const notices = [
    merchant.suspendedAt && (
      <Alert key="suspended" tone="warning">
        Your store has been suspended by Popkit staff: buyers cannot pay on your POPs until it is resumed. Nothing has
        been deleted. Contact support to resolve it.
      </Alert>
    ),
    // PayPal decides against a seller who does not answer in time: every page says a case waits.
    disputesWaiting > 0 && (
      <Alert key="disputes" tone="warning">
        {disputesWaiting === 1 ? "1 PayPal dispute waits" : `${disputesWaiting} PayPal disputes wait`} for your answer.{" "}
        <Link href="/dashboard/disputes" className="font-medium underline">
          See disputes
        </Link>
      </Alert>
    ),
    !account.isEmailVerified && (
      <Providers key="verify">
        <VerifyEmailBanner email={account.email} />
      </Providers>
    ),
  ].filter(Boolean);

  return (
    <AppShell
      title="Merchant"
      nav={nav}
      userName={merchant.name || "User"}
      userDetail={merchant.email}
      signOutTo="/auth"
      timeZone={timeZone ?? "UTC"}
      banner={notices.length > 0 && <div className="mb-6 space-y-3">{notices}</div>}
    >
      <Providers>
        {timeZone === null && <StoreTimeZoneSync />}
        {children}
      </Providers>
    </AppShell>
  );
}
