import { z } from "zod";

export const saasRoles = ["operator", "admin", "super_admin"] as const;
export type SaasRoleName = (typeof saasRoles)[number];

export const createSaasUserSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, { error: "Username is required", abort: true })
    .min(3, "Username must be at least 3 characters")
    .max(50, "Username must be at most 50 characters")
    .regex(/^[A-Za-z0-9_]+$/, "Username can only contain letters, numbers, and underscores"),
  email: z
    .string()
    .trim()
    .min(1, { error: "Email is required", abort: true })
    .pipe(z.email("Please enter a valid email address"))
    .transform((value) => value.toLowerCase()),
  password: z
    .string()
    .min(1, { error: "Password is required", abort: true })
    .min(8, "Password must be at least 8 characters")
    .max(200, "Password must be at most 200 characters"),
  name: z
    .string()
    .trim()
    .min(1, { error: "Name is required", abort: true })
    .max(120, "Name must be at most 120 characters"),
  description: z
    .string()
    .trim()
    .max(500, "Description must be at most 500 characters")
    .optional()
    .transform((value) => value || undefined),
  role: z.enum(saasRoles).default("operator"),
  isActive: z.boolean().default(true),
});
export type CreateSaasUserInput = z.input<typeof createSaasUserSchema>;
