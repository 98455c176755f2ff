import Link from "next/link";

/** SPEC 2.15: an unknown or inactive page. */
export default function SellPageNotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 text-center">
      <h1 className="text-2xl font-bold text-gray-900">Page Not Found</h1>
      <p className="mt-2 text-gray-600">The digital sell page you&apos;re looking for doesn&apos;t exist.</p>
      <Link href="/" className="text-brand-600 mt-6 text-sm font-medium hover:underline">
        Return to Home
      </Link>
    </main>
  );
}
