import { PageHeader } from "~/components/ui/page-header";
import { ChangePasswordCard, EmailCard, SessionsCard } from "~/features/accounts/account-settings";
import { serverApi } from "~/trpc/server";

export const metadata = { title: "Account · Popkit" };

export default async function AccountSettingsPage() {
  const api = await serverApi();
  const status = await api.merchant.account.status();
  return (
    <div className="max-w-2xl space-y-6">
      <PageHeader title="Account" description="Your sign-in: e-mail address, password and sessions." />
      <EmailCard status={status} />
      <ChangePasswordCard hasPassword={status.hasPassword} />
      <SessionsCard />
    </div>
  );
}
