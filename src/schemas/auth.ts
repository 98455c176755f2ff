import { z } from "zod";

const email = z
  .string()
  .trim()
  .min(1, { error: "Email is required", abort: true })
  .pipe(z.email("Please enter a valid email address"))
  .transform((value) => value.toLowerCase());

export const merchantSignInSchema = z.object({
  email,
  password: z
    .string()
    .min(1, { error: "Password is required", abort: true })
    .min(6, "Password must be at least 6 characters"),
});
export type MerchantSignInInput = z.infer<typeof merchantSignInSchema>;

export const merchantSignUpSchema = merchantSignInSchema.extend({
  name: z
    .string()
    .trim()
    .min(1, { error: "Full name is required", abort: true })
    .max(120, "Full name must be at most 120 characters"),
  password: z
    .string()
    .min(1, { error: "Password is required", abort: true })
    .min(6, "Password must be at least 6 characters")
    .max(200, "Password must be at most 200 characters"),
});
export type MerchantSignUpInput = z.infer<typeof merchantSignUpSchema>;

export const staffSignInSchema = z.object({
  username: z.string().trim().min(1, { error: "Username is required", abort: true }),
  password: z.string().min(1, { error: "Password is required", abort: true }),
});
export type StaffSignInInput = z.infer<typeof staffSignInSchema>;
