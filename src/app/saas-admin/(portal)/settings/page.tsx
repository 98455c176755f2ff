import { ChangePasswordForm, ProfileForm } from "~/features/staff/account-settings";
import { PlansManager } from "~/features/staff/plans-manager";
import { serverApi } from "~/trpc/server";

export const metadata = { title: "Settings · Popkit Admin" };

/** The platform's settings (the plans sellers are offered) and the signed-in staff member's own account. */
export default async function StaffSettingsPage() {
  const api = await serverApi();
  const [account, plans] = await Promise.all([api.admin.profile.get(), api.admin.plans.list()]);
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-gray-900">Settings</h1>
      <PlansManager data={plans} />
      <div className="max-w-2xl space-y-6">
        <ProfileForm account={account} />
        <ChangePasswordForm />
      </div>
    </div>
  );
}
