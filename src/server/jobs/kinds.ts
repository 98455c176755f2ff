// Every kind of durable job, its payload, retry policy and handler: the one place to add work that must not
// be lost (DESIGN 10). Handlers load their service on first run, so importing the registry (as enqueue does)
// pulls in no service and no import cycle with services that enqueue.
import { z } from "zod";
import type { JobKindDefinition, PayloadOf } from "./queue";

function defineKind<P>(definition: JobKindDefinition<P>): JobKindDefinition<P> {
  return definition;
}

export const jobKinds = {
  /** A stored IPN message: verify by post-back and record (issue 11). PayPal itself resends for 4 days. */
  "wps.ipn": defineKind({
    payload: z.object({ messageId: z.string().min(1) }),
    // 30 s doubling over 10 retries reaches ~8.5 hours in all: an outage of PayPal's verify host or of the
    // database is ridden out rather than the payment left unrecorded.
    retry: { retryLimit: 10, retryDelay: 30, retryBackoff: true },
    expireInSeconds: 5 * 60,
    handler: async ({ messageId }) => {
      const { processWpsIpnMessage } = await import("~/server/services/wps-ipn");
      await processWpsIpnMessage(messageId);
    },
  }),
};

export type JobKinds = typeof jobKinds;
export type JobKind = keyof JobKinds & string;
export type JobPayloads = { [K in JobKind]: PayloadOf<JobKinds, K> };
