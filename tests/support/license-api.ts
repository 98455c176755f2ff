import { POST } from "~/app/api/v1/licenses/[action]/route";

export type LicenseCall = { status: number; body: Record<string, unknown> & { error: string | null } };

/**
 * One call to the public License API as Lemon Squeezy's clients make it: a form-encoded POST (JSON with
 * `json: true`), through the route handler, from `ip` (random unless given).
 */
export async function licenseApi(
  action: string,
  fields: Record<string, string>,
  options: { ip?: string; json?: boolean } = {},
): Promise<LicenseCall> {
  const ip = options.ip ?? `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const response = await POST(
    new Request(`http://localhost:3000/api/v1/licenses/${action}`, {
      method: "POST",
      headers: {
        accept: "application/json",
        "content-type": options.json ? "application/json" : "application/x-www-form-urlencoded",
        "x-forwarded-for": ip,
      },
      body: options.json ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
    }),
    { params: Promise.resolve({ action }) },
  );
  return { status: response.status, body: (await response.json()) as LicenseCall["body"] };
}
