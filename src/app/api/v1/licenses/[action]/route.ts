import {
  activateLicense,
  deactivateLicense,
  KEY_NOT_FOUND,
  type LicenseAction,
  type LicenseAnswer,
  parseLicenseRequest,
  refusal,
  validateLicense,
} from "~/server/licenses/api";
import { keyHashOf } from "~/server/licenses/keys";
import { toAppError } from "~/server/platform/errors";
import { describeError, logger, newRequestId } from "~/server/platform/logger";
import { consumeRateLimit, isRateLimitSpent, type RateLimitName } from "~/server/platform/rate-limit";
import { clientIp, readTextCapped, unsafeTextPath } from "~/server/platform/request";
import { preflight, PUBLIC_CORS } from "../../../_lib/public-cors";

// POST /api/v1/licenses/{activate,validate,deactivate}: Lemon Squeezy's License API, so an app written for it
// switches by changing its base URL. Form-encoded bodies as its clients send them; JSON too. Any origin may call:
// the key in the body is the only credential, and no cookie is read.

/** Three short fields; anything larger is not a license call. */
const MAX_BODY_BYTES = 4096;

const services = { activate: activateLicense, validate: validateLicense, deactivate: deactivateLicense };

const isAction = (value: string): value is LicenseAction => Object.hasOwn(services, value);

function answer({ status, body }: LicenseAnswer) {
  return Response.json(body, { status, headers: { ...PUBLIC_CORS, "cache-control": "no-store" } });
}

/** The body's fields: a form (the default, as Lemon Squeezy's clients send) or a JSON object. */
function fieldsOf(text: string, contentType: string): Record<string, unknown> | null {
  if (contentType.includes("application/json")) {
    try {
      const parsed: unknown = JSON.parse(text);
      return parsed && typeof parsed === "object" && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : null;
    } catch {
      return null;
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}

/** Counts one hit; a limiter whose store is down lets the call through rather than refuse every app. */
async function spend(name: RateLimitName, key: string): Promise<boolean> {
  try {
    await consumeRateLimit(name, key);
    return true;
  } catch (error) {
    if (toAppError(error)?.code === "RATE_LIMITED") return false;
    logger.warn("rate limit store unavailable; license call allowed", describeError(error));
    return true;
  }
}

async function spent(name: RateLimitName, key: string): Promise<boolean> {
  return isRateLimitSpent(name, key).catch(() => false);
}

const TOO_MANY = "Too many requests. Please try again in a minute.";

export async function POST(request: Request, { params }: { params: Promise<{ action: string }> }) {
  const { action } = await params;
  if (!isAction(action)) return answer({ status: 404, body: { error: "Not found." } });
  try {
    const ip = clientIp(request.headers);
    if (!(await spend("licenseApiByIp", ip))) return answer(refusal(action, 429, TOO_MANY));
    let text: string;
    try {
      text = await readTextCapped(request, MAX_BODY_BYTES);
    } catch {
      return answer(refusal(action, 400, `The request body may not be larger than ${MAX_BODY_BYTES} bytes.`));
    }
    const fields = fieldsOf(text, request.headers.get("content-type") ?? "");
    if (!fields) return answer(refusal(action, 400, "The request body must be a form or a JSON object."));
    if (unsafeTextPath(fields))
      return answer(refusal(action, 422, "The request holds characters that are not allowed."));
    const parsed = parseLicenseRequest(action, fields);
    if (parsed.answer) return answer(parsed.answer);
    const input = parsed.input as { license_key: string };
    if (await spent("licenseMissesByIp", ip)) return answer(refusal(action, 429, TOO_MANY));
    if (!(await spend("licenseApiByKey", keyHashOf(input.license_key)))) {
      return answer(refusal(action, 429, TOO_MANY));
    }
    const result = await (services[action] as (input: unknown) => Promise<LicenseAnswer>)(input);
    if (result.status === 404 && result.body.error === KEY_NOT_FOUND) await spend("licenseMissesByIp", ip);
    return answer(result);
  } catch (error) {
    const requestId = newRequestId();
    logger.error("license API call failed", { action, requestId, ...describeError(error) });
    // Our failure, not the caller's: 503 tells a client to try again later rather than give up on the key.
    return answer(refusal(action, 503, `Something went wrong on our side. Please try again. (reference ${requestId})`));
  }
}

export const OPTIONS = preflight;
