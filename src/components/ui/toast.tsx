"use client";

import { Toaster as SonnerToaster } from "sonner";

// One toast API for the app: `import { toast } from "~/components/ui/toast"`; toast.success(...) / toast.error(...).
export { toast } from "sonner";

/** Mounted once per portal. Sonner announces toasts in a polite live region, so screen readers hear them. */
export function Toaster() {
  return <SonnerToaster position="top-right" richColors closeButton duration={5000} />;
}
