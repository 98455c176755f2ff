"use client";

import { LogOut, Menu } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { signOut } from "next-auth/react";
import { useState, type ReactNode } from "react";
import { TimeZoneProvider } from "~/components/ui/date-time";
import { Drawer } from "~/components/ui/dialog";
import { Toaster } from "~/components/ui/toast";
import { cn } from "~/lib/cn";

// next-auth's own redirect after sign-out is an absolute URL built from the host Next reports, which can
// differ from the one in the address bar (e.g. localhost vs 127.0.0.1); a relative navigation cannot.
async function signOutAndGo(path: string) {
  await signOut({ redirect: false });
  window.location.assign(path);
}

export type NavItem = { href: string; label: string; icon: ReactNode; exact?: boolean };

/** The sidebar layout both portals share: navigation, the signed-in person, sign out, toasts and the clock. */
export function AppShell({
  title,
  nav,
  userName,
  userDetail,
  signOutTo,
  timeZone,
  banner,
  children,
}: {
  title: string;
  nav: NavItem[];
  userName: string;
  userDetail: string;
  signOutTo: string;
  /** The zone every date on these screens is printed in. */
  timeZone: string;
  /** A notice above every screen (e.g. a suspended store). */
  banner?: ReactNode;
  children: ReactNode;
}) {
  // Never null in the App Router; typed nullable because src/pages exists.
  const pathname = usePathname() ?? "";
  const [isMenuOpen, setMenuOpen] = useState(false);
  const matches = (item: NavItem) =>
    item.exact ? pathname === item.href : pathname === item.href || pathname.startsWith(`${item.href}/`);
  // The most specific match wins: /dashboard/settings/account is Account, not Store Settings too.
  const active = nav.filter(matches).sort((a, b) => b.href.length - a.href.length)[0];
  const isActive = (item: NavItem) => item === active;

  const sidebar = (
    <div className="flex h-full flex-col">
      <div className="flex h-16 items-center px-6">
        <Link href="/" className="text-brand-700 text-xl font-extrabold tracking-tight">
          Popkit
        </Link>
        <span className="ml-2 text-xs font-medium text-gray-600 uppercase">{title}</span>
      </div>
      <nav aria-label={`${title} navigation`} className="flex-1 space-y-1 px-3">
        {nav.map((item) => (
          <Link
            key={item.href}
            href={item.href}
            onClick={() => setMenuOpen(false)}
            aria-current={isActive(item) ? "page" : undefined}
            className={cn(
              "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium",
              "focus-visible:outline-brand-600 focus-visible:outline-2",
              isActive(item) ? "bg-brand-50 text-brand-700" : "text-gray-700 hover:bg-gray-100",
            )}
          >
            {item.icon}
            {item.label}
          </Link>
        ))}
      </nav>
      <div className="border-t border-gray-200 p-4">
        <p className="truncate text-sm font-medium text-gray-900" data-testid="shell-user-name">
          {userName}
        </p>
        <p className="truncate text-xs text-gray-600">{userDetail}</p>
        <button
          type="button"
          onClick={() => void signOutAndGo(signOutTo)}
          className="mt-3 flex w-full items-center gap-2 rounded-lg px-3 py-2 text-sm text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-gray-500"
        >
          <LogOut aria-hidden className="h-4 w-4" />
          Sign out
        </button>
      </div>
    </div>
  );

  return (
    <TimeZoneProvider timeZone={timeZone}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <div className="min-h-screen lg:flex">
        <aside className="hidden w-64 shrink-0 border-r border-gray-200 bg-white lg:block">{sidebar}</aside>
        <header className="flex h-14 items-center justify-between border-b border-gray-200 bg-white px-4 lg:hidden">
          <Link href="/" className="text-brand-700 font-extrabold">
            Popkit
          </Link>
          <button
            type="button"
            aria-label="Open menu"
            aria-expanded={isMenuOpen}
            onClick={() => setMenuOpen(true)}
            className="rounded-lg p-2 text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-gray-500"
          >
            <Menu aria-hidden className="h-5 w-5" />
          </button>
        </header>
        <Drawer open={isMenuOpen} onOpenChange={setMenuOpen} title={`${title} menu`}>
          {sidebar}
        </Drawer>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 focus:outline-none sm:p-8">
          {banner}
          {children}
        </main>
      </div>
      <Toaster />
    </TimeZoneProvider>
  );
}
