// What a money change tells the world, recorded in its own database transaction: merchant webhook
// deliveries and e-mails. The ids are queued after the commit; a crash in between is caught by each one's sweep.
import { queueEmails } from "~/server/email";
import { queueDeliveryJobs } from "~/server/merchant-webhooks";

export interface Outbox {
  deliveries: string[];
  emails: string[];
}

export const emptyOutbox = (): Outbox => ({ deliveries: [], emails: [] });

export function joinOutboxes(...outboxes: Outbox[]): Outbox {
  return {
    deliveries: outboxes.flatMap((outbox) => outbox.deliveries),
    emails: outboxes.flatMap((outbox) => outbox.emails),
  };
}

/** Queues what was recorded; never throws (what fails to queue now, the sweeps queue within a minute). */
export async function sendOutbox(outbox: Outbox): Promise<void> {
  await queueDeliveryJobs(outbox.deliveries);
  await queueEmails(outbox.emails);
}
