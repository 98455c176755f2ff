import { EVIDENCE_FILES, evidenceFileMessages, evidenceNoteSchema } from "~/schemas/disputes";
import { auth } from "~/server/auth";
import { sendEvidence } from "~/server/disputes/answers";
import { AppError, httpStatusFor, toAppError } from "~/server/platform/errors";
import { describeError, logger, newRequestId } from "~/server/platform/logger";
import { assertSafeText, isSameOrigin, readBodyCapped, refuseUnsafeText } from "~/server/platform/request";

export const dynamic = "force-dynamic";

/** The files' own cap plus room for the note and the multipart framing. */
const MAX_BODY_BYTES = EVIDENCE_FILES.maxCount * EVIDENCE_FILES.maxBytes + 64 * 1024;

const answer = (status: number, body: Record<string, unknown>) =>
  Response.json(body, { status, headers: { "cache-control": "no-store" } });

/**
 * POST /api/disputes/{id}/evidence (multipart: `note`, and up to 4 `files`): sends the case's evidence to PayPal
 * for the signed-in merchant whose store the case is against (another store's case is 404, like none). A plain
 * route, not tRPC, because the files are larger than tRPC's body cap; it checks the session the way
 * merchantProcedure does, and the origin, since a form could post here from another site.
 */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const refused = refuseUnsafeText(id);
  if (refused) return refused;
  try {
    if (!isSameOrigin(request)) throw new AppError("FORBIDDEN", "This request did not come from this site.");
    const session = await auth();
    if (session?.user.userType !== "merchant") throw new AppError("UNAUTHORIZED", "User not authenticated");
    const body = await readBodyCapped(request, MAX_BODY_BYTES);
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), {
        headers: { "content-type": request.headers.get("content-type") ?? "" },
      }).formData();
    } catch {
      throw new AppError("INVALID", "Send the evidence as a form (multipart/form-data).");
    }
    const noteField = form.get("note");
    const note = typeof noteField === "string" ? noteField : "";
    assertSafeText(note);
    const parsed = evidenceNoteSchema.safeParse({ note });
    if (!parsed.success) throw new AppError("INVALID", parsed.error.issues[0]?.message ?? "The note is not valid.");
    const uploads = form.getAll("files").filter((value): value is File => typeof value !== "string" && value.size > 0);
    if (uploads.length > EVIDENCE_FILES.maxCount) throw new AppError("INVALID", evidenceFileMessages.tooMany);
    const files = await Promise.all(
      uploads.map(async (file) => ({
        name: file.name,
        contentType: file.type,
        bytes: new Uint8Array(await file.arrayBuffer()),
      })),
    );
    return answer(200, await sendEvidence(session.user.id, id, { note: parsed.data.note, files }));
  } catch (error) {
    const appError = toAppError(error);
    if (appError) return answer(httpStatusFor(appError), { error: appError.userMessage });
    const requestId = newRequestId();
    logger.error("dispute evidence failed", { requestId, disputeId: id, ...describeError(error) });
    return answer(500, { error: `The evidence could not be sent (reference ${requestId}). Please try again.` });
  }
}
