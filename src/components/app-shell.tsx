"use client";

import { LogOut, Menu, X } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { signOut } from "next-auth/react";
import { useState, type ReactNode } from "react";
import { cn } from "~/lib/cn";

// next-auth's own redirect after sign-out is an absolute URL built from the host Next reports, which can
// differ from the one in the address bar (e.g. localhost vs 127.0.0.1); a relative navigation cannot.
async function signOutAndGo(path: string) {
  await signOut({ redirect: false });
  window.location.assign(path);
}

export type NavItem = { href: string; label: string; icon: ReactNode; exact?: boolean };

/** The sidebar layout both portals share: navigation, the signed-in person, sign out. */
export function AppShell({
  title,
  nav,
  userName,
  userDetail,
  signOutTo,
  children,
}: {
  title: string;
  nav: NavItem[];
  userName: string;
  userDetail: string;
  signOutTo: string;
  children: ReactNode;
}) {
  // Never null in the App Router; typed nullable because src/pages exists.
  const pathname = usePathname() ?? "";
  const [open, setOpen] = useState(false);
  const isActive = (item: NavItem) =>
    item.exact ? pathname === item.href : pathname === item.href || pathname.startsWith(`${item.href}/`);

  const sidebar = (
    <div className="flex h-full flex-col">
      <div className="flex h-16 items-center px-6">
        <Link href="/" className="text-brand-600 text-xl font-extrabold tracking-tight">
          Popkit
        </Link>
        <span className="ml-2 text-xs font-medium text-gray-400 uppercase">{title}</span>
      </div>
      <nav aria-label={`${title} navigation`} className="flex-1 space-y-1 px-3">
        {nav.map((item) => (
          <Link
            key={item.href}
            href={item.href}
            onClick={() => setOpen(false)}
            aria-current={isActive(item) ? "page" : undefined}
            className={cn(
              "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium",
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
        <p className="truncate text-xs text-gray-500">{userDetail}</p>
        <button
          type="button"
          onClick={() => void signOutAndGo(signOutTo)}
          className="mt-3 flex w-full items-center gap-2 rounded-lg px-3 py-2 text-sm text-gray-700 hover:bg-gray-100"
        >
          <LogOut aria-hidden className="h-4 w-4" />
          Sign out
        </button>
      </div>
    </div>
  );

  return (
    <div className="min-h-screen lg:flex">
      <aside className="hidden w-64 shrink-0 border-r border-gray-200 bg-white lg:block">{sidebar}</aside>
      <div className="flex h-14 items-center justify-between border-b border-gray-200 bg-white px-4 lg:hidden">
        <span className="text-brand-600 font-extrabold">Popkit</span>
        <button type="button" aria-label="Open menu" onClick={() => setOpen(true)} className="p-2">
          <Menu className="h-5 w-5" />
        </button>
      </div>
      {open && (
        <div className="fixed inset-0 z-40 lg:hidden">
          <div className="absolute inset-0 bg-black/30" onClick={() => setOpen(false)} />
          <aside className="absolute inset-y-0 left-0 w-64 bg-white shadow-xl">
            <button
              type="button"
              aria-label="Close menu"
              onClick={() => setOpen(false)}
              className="absolute top-4 right-3 p-2"
            >
              <X className="h-5 w-5" />
            </button>
            {sidebar}
          </aside>
        </div>
      )}
      <main className="min-w-0 flex-1 p-4 sm:p-8">{children}</main>
    </div>
  );
}
