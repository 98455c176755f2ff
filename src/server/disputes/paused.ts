// Whether an open PayPal case pauses a purchase: a leaf module, so the download and license checks read it without
// importing the disputes domain (which imports the ledger, which imports them).

/** An open case whose seller paused the purchase's downloads and license keys (a dispute row's where). */
export const pausedByOpenCase = { accessPaused: true, status: { not: "RESOLVED" } } as const;
