import { ChangePasswordForm, ProfileForm } from "~/features/staff/account-settings";
import { serverApi } from "~/trpc/server";

export const metadata = { title: "Settings · Popkit Admin" };

export default async function StaffSettingsPage() {
  const api = await serverApi();
  const account = await api.admin.getOwnAccount();
  return (
    <div className="max-w-2xl space-y-6">
      <h1 className="text-2xl font-bold text-gray-900">Settings</h1>
      <ProfileForm account={account} />
      <ChangePasswordForm />
    </div>
  );
}
