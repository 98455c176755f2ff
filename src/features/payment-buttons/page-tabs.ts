// Shared by the server page (reading ?tab=) and the client tabs; a "use client" module could not export it to both.
export const pageTabs = ["payment-buttons", "digital-sell-pages", "wps-buttons"] as const;
export type PageTab = (typeof pageTabs)[number];
