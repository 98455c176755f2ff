import { LicenseSettingsCard } from "~/features/licenses/license-settings-card";
import { serverApi } from "~/trpc/server";

/**
 * The "License keys" cards of a POP's edit screen, one per payment button it sells through (a sell page has one per
 * bundle), with their saved settings read here so the first paint shows them.
 */
export async function LicenseSettingsCards({ buttons }: { buttons: { buttonId: string; title?: string }[] }) {
  const api = await serverApi();
  const settings = await Promise.all(buttons.map(({ buttonId }) => api.merchant.licenses.settings({ buttonId })));
  return settings.map((initial, index) => (
    <LicenseSettingsCard key={initial.buttonId} initial={initial} title={buttons[index]?.title} />
  ));
}
