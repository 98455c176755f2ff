import { Library } from "lucide-react";
import type { Metadata } from "next";
import { LostDownloadForm } from "~/features/library/lost-download-form";

export const metadata: Metadata = { title: "Find your purchases", robots: { index: false, follow: false } };

/** Where sell pages send a buyer who lost their download (the sell page itself runs no React). */
export default function FindLibraryPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 text-center">
      <Library aria-hidden className="text-brand-600 size-12" />
      <h1 className="mt-4 text-2xl font-bold text-gray-900">Find your purchases</h1>
      <p className="mt-2 max-w-md text-gray-600">
        We will e-mail you a link to every file you bought with that address, with fresh download links.
      </p>
      <div className="mt-6 w-full max-w-sm text-left">
        <LostDownloadForm />
      </div>
    </main>
  );
}
