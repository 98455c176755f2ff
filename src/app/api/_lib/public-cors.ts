// The CORS answer of our public JSON endpoints (checkout, the License API): any origin may call them, since they
// read no cookie and trust nothing from the caller, so `*` exposes nothing.

export const PUBLIC_CORS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "POST, OPTIONS",
  "access-control-allow-headers": "content-type",
  "access-control-max-age": "600",
};

export function preflight() {
  return new Response(null, { status: 204, headers: PUBLIC_CORS });
}
