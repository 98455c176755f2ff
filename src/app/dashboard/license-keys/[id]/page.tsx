import Link from "next/link";
import { DateTime } from "~/components/ui/date-time";
import { PageHeader } from "~/components/ui/page-header";
import { CopyButton } from "~/features/payment-buttons/copy-button";
import { LicenseKeyActions } from "~/features/licenses/license-keys-actions";
import { LicenseKeyHistory, LicenseKeyInstances } from "~/features/licenses/license-keys-activity";
import { activationsText, LICENSE_KEYS_PATH, licenseKeyHref, maskedKey } from "~/features/licenses/license-keys-format";
import { LicenseKeyStatusBadge } from "~/features/licenses/license-keys-status-badge";
import { BackLink } from "~/features/payments/back-link";
import { BuyerCard, DetailCard, DetailRow, detailLinkClasses as link } from "~/features/payments/detail-card";
import { paymentHref, popEditHref, safeBackHref } from "~/features/payments/links";
import { serverApi } from "~/trpc/server";
import { detailParamsOf, orNotFound, type DetailPageProps } from "../../payments/list-params";

export const metadata = { title: "License key · Popkit" };

export default async function LicenseKeyPage(props: DetailPageProps) {
  const { id, query } = await detailParamsOf(props);
  const api = await serverApi();
  const key = await orNotFound(api.merchant.licenses.get({ id }));
  const back = safeBackHref(query.back, LICENSE_KEYS_PATH);
  const none = <span className="text-gray-600">—</span>;
  const masked = maskedKey(key.keyHint);
  const popHref = key.pop.sellPageId
    ? popEditHref({ kind: "sell_page", id: key.pop.sellPageId })
    : popEditHref({ kind: "payment_button", id: key.pop.buttonId });

  return (
    <div className="space-y-6">
      <PageHeader
        back={<BackLink href={back}>Back to license keys</BackLink>}
        title={
          <span className="flex flex-wrap items-center gap-3">
            <span className="font-mono">
              <span className="sr-only">License key ending in {key.keyHint}</span>
              <span aria-hidden>{masked}</span>
            </span>
            <LicenseKeyStatusBadge status={key.status} disabledBy={key.disabledBy} />
          </span>
        }
        description={
          <>
            {key.pop.name} · Issued <DateTime value={key.issuedAt} />
          </>
        }
        actions={
          <LicenseKeyActions
            licenseKey={{
              id: key.id,
              keyHint: key.keyHint,
              isDisabled: key.disabledAt !== null,
              activations: key.activations,
              expiresAt: key.expiresAt,
              expiresWithSubscription: key.expiresWithSubscription,
              hasSubscription: key.paypalSubscriptionId !== null,
              replacedById: key.replacedBy?.id ?? null,
            }}
          />
        }
      />

      <div className="grid gap-6 lg:grid-cols-2">
        <div className="min-w-0 space-y-6">
          <DetailCard title="Key">
            <DetailRow label="License key">
              <span className="flex flex-wrap items-center gap-3">
                <code className="font-mono text-sm break-all text-gray-900">{key.key}</code>
                <CopyButton text={key.key} label="Copy" srDetail=" license key" toastMessage="Key copied." />
              </span>
            </DetailRow>
            <DetailRow label="Status">
              <LicenseKeyStatusBadge status={key.status} disabledBy={key.disabledBy} />
              {key.disabledAt && (
                <span className="text-gray-600">
                  {" "}
                  since <DateTime value={key.disabledAt} />
                </span>
              )}
            </DetailRow>
            <DetailRow label="Activations">{activationsText(key.activations, key.activationLimit)}</DetailRow>
            <DetailRow label="Expires">
              {key.expiresAt ? (
                <DateTime value={key.expiresAt} />
              ) : key.expiresWithSubscription ? (
                "When the subscription ends"
              ) : (
                "Never"
              )}
            </DetailRow>
            <DetailRow label="Issued">
              <DateTime value={key.issuedAt} />
              {key.fromPool && <span className="text-gray-600"> from your imported keys</span>}
            </DetailRow>
            <DetailRow label="POP">
              <Link href={popHref} className={link}>
                {key.pop.name}
              </Link>
            </DetailRow>
            {(
              [
                ["Replaces", key.replaces],
                ["Replaced by", key.replacedBy],
              ] as const
            ).map(
              ([label, other]) =>
                other && (
                  <DetailRow key={label} label={label}>
                    <Link href={licenseKeyHref(other.id)} className={`${link} font-mono`}>
                      {maskedKey(other.keyHint)}
                    </Link>
                  </DetailRow>
                ),
            )}
          </DetailCard>

          <BuyerCard name={key.buyerName} email={key.buyerEmail}>
            <DetailRow label="Payment">
              {key.payment ? (
                <Link href={paymentHref(key.payment.id)} className={`${link} font-mono break-all`}>
                  {key.payment.paypalTransactionId ?? "View payment"}
                </Link>
              ) : (
                none
              )}
            </DetailRow>
            {key.paypalSubscriptionId && (
              <DetailRow label="Subscription ID" isMono>
                {key.paypalSubscriptionId}
              </DetailRow>
            )}
          </BuyerCard>
        </div>

        <div className="min-w-0 space-y-6">
          <DetailCard title="Activations" isList>
            <LicenseKeyInstances instances={key.instances} total={key.instanceCount} />
          </DetailCard>
          <DetailCard title="History" isList>
            <LicenseKeyHistory events={key.events} total={key.eventCount} />
          </DetailCard>
        </div>
      </div>
    </div>
  );
}
