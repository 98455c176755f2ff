/** Next calls this once when a server starts: background work of the app process begins here. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { scheduleAbandonedUploadCleanup } = await import("~/server/storage/cleanup");
  scheduleAbandonedUploadCleanup();
}
