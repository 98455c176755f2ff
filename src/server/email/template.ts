import type { ReactElement } from "react";

/** What one kind of mail says, composed when it is sent (so it shows the store's name and logo of that moment). */
export interface EmailTemplate<P> {
  /**
   * Loads what the mail shows; null when there is nothing to send any more (the payment or account is gone). May
   * create the single-use link the mail carries: only its hash is stored, and a retried send makes a new one.
   */
  compose: (payload: P, context: { to: string }) => Promise<ComposedEmail | null>;
}

export interface ComposedEmail {
  subject: string;
  body: ReactElement;
  /** Where a reply goes (a receipt: the seller's support address). */
  replyTo?: string;
}
