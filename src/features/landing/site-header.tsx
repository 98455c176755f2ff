"use client";

import { ChevronDown, Menu } from "lucide-react";
import Link from "next/link";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { buttonClasses } from "~/components/ui/button";
import { Drawer } from "~/components/ui/dialog";
import { cn } from "~/lib/cn";
import { ADMIN_HREF, headerFeatures, LOG_IN_HREF, SIGN_UP_HREF, useCases, type LandingItem } from "./content";
import { Logo } from "./logo";

type MenuId = "features" | "use-cases";

/** The header's dropdowns, each listing the landing page's cards of one section. */
const menus: { id: MenuId; label: string; items: LandingItem[]; anchorPrefix: string }[] = [
  { id: "features", label: "Features", items: headerFeatures, anchorPrefix: "feature" },
  { id: "use-cases", label: "Use cases", items: useCases, anchorPrefix: "use-case" },
];

const sectionLinks = [
  { href: "#features", label: "Features" },
  { href: "#use-cases", label: "Use cases" },
  { href: "#pricing", label: "Pricing" },
  { href: "#faq", label: "FAQ" },
];

const navLinkClass = "rounded-md px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100 hover:text-gray-900";

export function SiteHeader() {
  // One state for both dropdowns, so opening one necessarily closes the other.
  const [openMenu, setOpenMenu] = useState<MenuId | null>(null);
  const [isMobileOpen, setIsMobileOpen] = useState(false);

  const toggle = (id: MenuId) => setOpenMenu((current) => (current === id ? null : id));
  const closeMenu = useCallback(() => setOpenMenu(null), []);
  const closeMobile = () => setIsMobileOpen(false);

  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only rounded-md bg-white px-3 py-2 text-sm font-medium focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link href="/" aria-label="Popkit home" className="shrink-0">
          <Logo />
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {menus.map((menu) => (
            <NavDropdown
              key={menu.id}
              id={menu.id}
              label={menu.label}
              isOpen={openMenu === menu.id}
              onToggle={() => toggle(menu.id)}
              onClose={closeMenu}
            >
              <MenuLinks items={menu.items} anchorPrefix={menu.anchorPrefix} onNavigate={closeMenu} />
            </NavDropdown>
          ))}
          <a href="#pricing" className={navLinkClass}>
            Pricing
          </a>
          <a href="#faq" className={navLinkClass}>
            FAQ
          </a>
        </nav>

        <div className="hidden items-center gap-2 md:flex">
          <Link href={LOG_IN_HREF} className={buttonClasses("ghost", "md")}>
            Log in
          </Link>
          <Link href={ADMIN_HREF} className={buttonClasses("ghost", "md")}>
            Admin
          </Link>
          <Link href={SIGN_UP_HREF} className={buttonClasses("primary", "md")}>
            Sign up
          </Link>
        </div>

        <button
          type="button"
          className={buttonClasses("ghost", "md", "px-2 md:hidden")}
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={isMobileOpen}
          onClick={() => setIsMobileOpen(true)}
        >
          <Menu className="size-6" aria-hidden />
        </button>
      </div>

      {/* The kit's drawer, like the app's own phone menu: a dialog that traps focus, closes on Escape and gives
          focus back to the menu button. */}
      <Drawer open={isMobileOpen} onOpenChange={setIsMobileOpen} title="Menu">
        <div className="flex h-16 items-center border-b border-gray-200 px-4">
          <Link href="/" aria-label="Popkit home" onClick={closeMobile}>
            <Logo />
          </Link>
        </div>
        <nav aria-label="Mobile" className="px-4 pt-2 pb-4">
          <ul className="space-y-1">
            {sectionLinks.map(({ href, label }) => (
              <li key={href}>
                <a href={href} className={cn(navLinkClass, "block")} onClick={closeMobile}>
                  {label}
                </a>
              </li>
            ))}
          </ul>
          <div className="mt-3 grid gap-2 border-t border-gray-200 pt-3">
            <Link href={LOG_IN_HREF} className={buttonClasses("secondary", "md")} onClick={closeMobile}>
              Log in
            </Link>
            <Link href={ADMIN_HREF} className={buttonClasses("secondary", "md")} onClick={closeMobile}>
              Admin
            </Link>
            <Link href={SIGN_UP_HREF} className={buttonClasses("primary", "md")} onClick={closeMobile}>
              Sign up
            </Link>
          </div>
        </nav>
      </Drawer>
    </header>
  );
}

/** A disclosure menu: the button toggles a list of links; a click outside or Escape closes it. */
function NavDropdown({
  id,
  label,
  isOpen,
  onToggle,
  onClose,
  children,
}: {
  id: MenuId;
  label: string;
  isOpen: boolean;
  onToggle: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    // pointerdown runs before the click on another menu's button, so that click opens a menu on a clean slate.
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) onClose();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      onClose();
      buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [isOpen, onClose]);

  const panelId = `${id}-menu`;
  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        className={cn(navLinkClass, "inline-flex items-center gap-1", isOpen && "bg-gray-100 text-gray-900")}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={onToggle}
      >
        {label}
        <ChevronDown className={cn("size-4 transition-transform", isOpen && "rotate-180")} aria-hidden />
      </button>
      <div
        id={panelId}
        hidden={!isOpen}
        className="absolute top-full left-0 z-40 mt-2 w-80 rounded-xl border border-gray-200 bg-white p-2 shadow-lg"
      >
        {children}
      </div>
    </div>
  );
}

function MenuLinks({
  items,
  anchorPrefix,
  onNavigate,
}: {
  items: LandingItem[];
  anchorPrefix: string;
  onNavigate: () => void;
}) {
  return (
    <ul>
      {items.map(({ slug, title, description, icon: Icon }) => (
        <li key={slug}>
          <a
            href={`#${anchorPrefix}-${slug}`}
            onClick={onNavigate}
            className="flex gap-3 rounded-lg p-3 hover:bg-gray-50"
          >
            <Icon className="text-brand-600 mt-0.5 size-5 shrink-0" aria-hidden />
            <span>
              <span className="block text-sm font-medium text-gray-900">{title}</span>
              <span className="block text-xs text-gray-600">{description}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
