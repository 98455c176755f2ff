/**
 * Where Auth.js may send the browser after signing in or out, given the `callbackUrl` a form, query or cookie
 * named. A path of this app resolves against APP_URL, the address the app is published at (the request's own origin
 * is no sure guide: Next reports 127.0.0.1 as localhost). An absolute address is followed when it is on APP_URL's
 * origin or the one the request came to. Anything else, an address elsewhere, a protocol-relative `//host` or text
 * that is no URL at all, lands on APP_URL: never an open redirect, and never a throw, which Auth.js would answer with
 * error=Configuration and an error in the log.
 */
export function callbackUrlFor({ url, baseUrl, appUrl }: { url: string; baseUrl: string; appUrl: string }): string {
  const home = originOf(appUrl) ?? originOf(baseUrl) ?? baseUrl;
  if (url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\")) return `${home}${url}`;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return home;
  }
  return target.origin === home || target.origin === originOf(baseUrl) ? target.href : home;
}

function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}
