import { z } from "zod";
import { emailAddress } from "~/schemas/accounts";

/** "Lost your download?" on the thank-you page and /library. */
export const lostDownloadSchema = z.object({ email: emailAddress });
export type LostDownloadInput = z.infer<typeof lostDownloadSchema>;
