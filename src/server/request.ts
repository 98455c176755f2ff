/** The caller's IP as our reverse proxy (or Next itself) reports it; "unknown" groups clients without one. */
export function clientIp(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || headers.get("x-real-ip") || "unknown";
}
