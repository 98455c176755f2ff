import { createTRPCRouter, staffProcedure } from "~/server/api/trpc";
import { platformTotals } from "~/server/services/staff";

export const adminRouter = createTRPCRouter({
  /** The signed-in staff member as stored now (role or status may have changed since sign-in). */
  me: staffProcedure("operator").query(({ ctx }) => ({
    id: ctx.staff.id,
    name: ctx.staff.name,
    username: ctx.staff.username,
    email: ctx.staff.email,
    role: ctx.staff.role,
  })),

  overview: staffProcedure("operator").query(() => platformTotals()),
});
