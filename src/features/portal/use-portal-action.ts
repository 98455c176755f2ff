"use client";

import { useState } from "react";

type Outcome<T> = { ok: true; data: T } | { ok: false; message: string };

/**
 * One POST to a portal endpoint (same origin, the session cookie goes along). While one is on its way the action
 * is busy, so a double click sends it once; the server makes a repeat harmless as well.
 */
export function usePortalAction<T = unknown>(path: string) {
  const [isBusy, setBusy] = useState(false);
  async function run(body: unknown = {}): Promise<Outcome<T>> {
    if (isBusy) return { ok: false, message: "Already on its way." };
    setBusy(true);
    try {
      const response = await fetch(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const json = (await response.json().catch(() => ({}))) as { error?: { message?: string } };
      if (response.ok) return { ok: true, data: json as T };
      return { ok: false, message: json.error?.message ?? "Something went wrong. Please try again." };
    } catch {
      return { ok: false, message: "Something went wrong. Please check your connection and try again." };
    } finally {
      setBusy(false);
    }
  }
  return { run, isBusy };
}
