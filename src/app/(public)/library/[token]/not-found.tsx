import { ShieldAlert } from "lucide-react";
import { LostDownloadForm } from "~/features/library/lost-download-form";

/** An unknown or expired library link, answered with status 404. */
export default function LibraryLinkExpired() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 text-center">
      <ShieldAlert aria-hidden className="size-12 text-red-500" />
      <h1 className="mt-4 text-2xl font-bold text-gray-900">This library link has expired</h1>
      <p className="mt-2 max-w-md text-gray-600">
        Library links work for 90 days. Enter the e-mail you paid with and we will send you a new one.
      </p>
      <div className="mt-6 w-full max-w-sm text-left">
        <LostDownloadForm />
      </div>
    </main>
  );
}
