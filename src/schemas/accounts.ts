import { z } from "zod";

/** An e-mail address as every form takes it: trimmed, checked, lower-cased. */
export const emailAddress = z
  .string()
  .trim()
  .min(1, { error: "Email is required", abort: true })
  // RFC 5321's limit for a whole address.
  .max(254, { error: "Please enter a valid email address", abort: true })
  .pipe(z.email("Please enter a valid email address"))
  .transform((value) => value.toLowerCase());

/** A required text field, trimmed, of at most `max` characters; its messages name the field by `label`. */
export function requiredText(label: string, max: number) {
  return z
    .string()
    .trim()
    .min(1, { error: `${label} is required`, abort: true })
    .max(max, `${label} must be at most ${max} characters`);
}

const PASSWORD_TOO_LONG = "Password must be at most 200 characters";

/** A password being chosen (or a merchant's typed at sign-in): required, `min` characters or more, at most 200. */
export function passwordOfAtLeast(min: number) {
  return z
    .string()
    .min(1, { error: "Password is required", abort: true })
    .min(min, `Password must be at least ${min} characters`)
    .max(200, PASSWORD_TOO_LONG);
}

/** The merchant's password rule: sign-in, sign-up, reset and change all use it. */
const newPassword = passwordOfAtLeast(6);

/** Typing one's current password, or the new one again: required, nothing more. */
export const currentPassword = z.string().min(1, "Current password is required").max(200, PASSWORD_TOO_LONG);
export const confirmPassword = z.string().min(1, "Please confirm the new password").max(200, PASSWORD_TOO_LONG);
const passwordsMatch = { path: ["confirmPassword"], message: "Passwords do not match" };

export const merchantSignInSchema = z.object({
  email: emailAddress,
  password: newPassword,
});
export type MerchantSignInInput = z.infer<typeof merchantSignInSchema>;

export const merchantSignUpSchema = merchantSignInSchema.extend({
  name: requiredText("Full name", 120),
  password: newPassword,
});
export type MerchantSignUpInput = z.infer<typeof merchantSignUpSchema>;

export const staffSignInSchema = z.object({
  username: requiredText("Username", 50),
  password: z.string().min(1, { error: "Password is required", abort: true }).max(200, PASSWORD_TOO_LONG),
});
export type StaffSignInInput = z.infer<typeof staffSignInSchema>;

export const requestPasswordResetSchema = z.object({ email: emailAddress });
export type RequestPasswordResetInput = z.infer<typeof requestPasswordResetSchema>;

/** A token from an e-mailed link; its shape is checked by looking it up, this only bounds it. */
export const accountTokenSchema = z.string().min(1, "This link is not valid").max(200, "This link is not valid");

const chosenPassword = z.object({ password: newPassword, confirmPassword });
const isConfirmed = (value: { password: string; confirmPassword: string }) => value.password === value.confirmPassword;

/** The reset page's form; the token rides along from the URL. */
export const choosePasswordSchema = chosenPassword.refine(isConfirmed, passwordsMatch);
export type ChoosePasswordInput = z.infer<typeof choosePasswordSchema>;

export const resetPasswordSchema = chosenPassword
  .extend({ token: accountTokenSchema })
  .refine(isConfirmed, passwordsMatch);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword,
    newPassword,
    confirmPassword,
  })
  .refine((value) => value.newPassword === value.confirmPassword, passwordsMatch);
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
