import { createTRPCRouter } from "~/server/api/trpc";

// Procedures arrive with their issue; an empty router keeps the API's shape stable for clients.
export const wpsRouter = createTRPCRouter({});
