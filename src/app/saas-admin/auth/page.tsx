import { redirect } from "next/navigation";
import { StaffSignInForm } from "~/features/auth/staff-sign-in-form";
import { auth } from "~/server/auth";

export const metadata = { title: "Admin sign in · Popkit" };

export default async function StaffAuthPage() {
  const session = await auth();
  if (session?.user.userType === "saas_admin") redirect("/saas-admin");
  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-900 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-xl">
        <StaffSignInForm />
      </div>
    </main>
  );
}
