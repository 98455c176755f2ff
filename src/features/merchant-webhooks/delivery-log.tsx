"use client";

import { ChevronDown, ChevronRight, Webhook } from "lucide-react";
import { useRouter } from "next/navigation";
import { Fragment, useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DateTime } from "~/components/ui/date-time";
import { EmptyState } from "~/components/ui/empty-state";
import { Pagination } from "~/components/ui/pagination";
import { Spinner } from "~/components/ui/spinner";
import { toast } from "~/components/ui/toast";
import { useUrlQuery } from "~/components/ui/use-url-query";
import { webhookDeliveryStateLabels, type WebhookDeliveryStateName } from "~/schemas/merchant-webhooks";
import { cn } from "~/lib/cn";
import { api, userMessageOf, type RouterOutputs } from "~/trpc/react";

type Page = RouterOutputs["merchant"]["webhooks"]["listDeliveries"];
type Delivery = Page["deliveries"][number];

const stateTones: Record<WebhookDeliveryStateName, BadgeTone> = {
  pending: "yellow",
  succeeded: "green",
  failed: "red",
};

export function DeliveryStateBadge({ delivery }: { delivery: Pick<Delivery, "state" | "attempts"> }) {
  // A pending delivery with no attempt yet is simply queued; with attempts, it is waiting for its next retry.
  const label =
    delivery.state === "pending"
      ? delivery.attempts === 0
        ? "Queued"
        : "Retrying"
      : webhookDeliveryStateLabels[delivery.state];
  return <Badge tone={stateTones[delivery.state]}>{label}</Badge>;
}

/** Every attempt of one delivery and the body sent, loaded when its row is opened. */
function Attempts({ id }: { id: string }) {
  const detail = api.merchant.webhooks.getDelivery.useQuery({ id });
  if (detail.isPending) return <Spinner label="Loading attempts" className="py-4" />;
  if (detail.error) return <Alert>{userMessageOf(detail.error, "Failed to load the attempts.")}</Alert>;
  const { attemptsLog, payload, nextAttemptAt, state } = detail.data;
  return (
    <div className="space-y-3">
      {attemptsLog.length === 0 ? (
        <p className="text-sm text-gray-600">No attempt yet.</p>
      ) : (
        <ol className="space-y-2" aria-label="Attempts">
          {attemptsLog.map((attempt, index) => (
            <li key={attempt.id} className="rounded-lg border border-gray-200 bg-white p-3 text-sm">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-medium text-gray-900">Attempt {index + 1}</span>
                <DateTime value={attempt.at} />
                <span className={attempt.statusCode && attempt.statusCode < 300 ? "text-green-700" : "text-red-700"}>
                  {attempt.statusCode ? `HTTP ${attempt.statusCode}` : "No answer"}
                </span>
                <span className="text-gray-600">{attempt.durationMs} ms</span>
              </div>
              {attempt.error && <p className="mt-1 text-red-700">{attempt.error}</p>}
              {attempt.responseBody && (
                <pre className="mt-2 max-h-32 overflow-auto rounded bg-gray-50 p-2 text-xs break-all whitespace-pre-wrap text-gray-700">
                  {attempt.responseBody}
                </pre>
              )}
            </li>
          ))}
        </ol>
      )}
      {state === "pending" && nextAttemptAt && (
        <p className="text-sm text-gray-600">
          Next attempt after <DateTime value={nextAttemptAt} />.
        </p>
      )}
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-gray-700">Body sent</summary>
        <pre className="mt-2 max-h-64 overflow-auto rounded bg-gray-50 p-2 text-xs break-all whitespace-pre-wrap text-gray-700">
          {payload}
        </pre>
      </details>
    </div>
  );
}

function ResendButton({ delivery }: { delivery: Delivery }) {
  const router = useRouter();
  const utils = api.useUtils();
  const resend = api.merchant.webhooks.resend.useMutation();
  async function onResend() {
    try {
      await resend.mutateAsync({ id: delivery.id });
      toast.success("Delivery queued to be sent again.");
      await utils.merchant.webhooks.getDelivery.invalidate({ id: delivery.id });
      router.refresh();
    } catch (error) {
      toast.error(userMessageOf(error, "Failed to resend. Please try again."));
    }
  }
  return (
    <Button
      variant="secondary"
      size="sm"
      // A delivery still being retried has its next attempt coming; the server refuses a second one.
      disabled={resend.isPending || delivery.state === "pending"}
      onClick={() => void onResend()}
    >
      {resend.isPending ? "Resending..." : "Resend"}
      <span className="sr-only">
        {" "}
        {delivery.eventType} to {delivery.url}
      </span>
    </Button>
  );
}

/** The delivery log: newest first, a row per delivery, opening to its attempts. Paging and the filter are in the URL. */
/** The columns between the expand toggle and the actions; counts line up on the right. */
const headings = [
  { label: "Time" },
  { label: "Event" },
  { label: "URL" },
  { label: "State" },
  { label: "Last code", right: true },
  { label: "Attempts", right: true },
];

export function DeliveryLog({ page, isFiltered }: { page: Page; isFiltered: boolean }) {
  const query = useUrlQuery();
  const [openId, setOpenId] = useState<string | null>(null);

  if (page.deliveries.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={<Webhook className="size-6" />}
          title={isFiltered ? "No deliveries match" : "No deliveries yet"}
          description={
            isFiltered
              ? "Try another state."
              : "Events appear here once your store has a webhook URL and a signing secret. Send a test event from Store Settings."
          }
        />
      </Card>
    );
  }

  return (
    <div className="space-y-3">
      <Card>
        <div role="region" aria-label="Webhook deliveries" tabIndex={0} className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Webhook deliveries</caption>
            <thead className="border-b border-gray-200 bg-gray-50 text-xs text-gray-600 uppercase">
              <tr>
                <th scope="col" className="w-10 px-3 py-3">
                  <span className="sr-only">Details</span>
                </th>
                {headings.map(({ label, right }) => (
                  <th key={label} scope="col" className={cn("px-3 py-3", right && "text-right")}>
                    {label}
                  </th>
                ))}
                <th scope="col" className="px-3 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {page.deliveries.map((delivery) => {
                const isOpen = openId === delivery.id;
                const detailsId = `delivery-${delivery.id}`;
                return (
                  <Fragment key={delivery.id}>
                    <tr className="align-top">
                      <td className="px-3 py-3">
                        <button
                          type="button"
                          aria-expanded={isOpen}
                          aria-controls={isOpen ? detailsId : undefined}
                          aria-label={`${isOpen ? "Hide" : "Show"} attempts of ${delivery.eventType}`}
                          className="inline-flex size-7 items-center justify-center rounded text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-gray-400"
                          onClick={() => setOpenId(isOpen ? null : delivery.id)}
                        >
                          {isOpen ? (
                            <ChevronDown aria-hidden className="size-4" />
                          ) : (
                            <ChevronRight aria-hidden className="size-4" />
                          )}
                        </button>
                      </td>
                      <td className="px-3 py-3 whitespace-nowrap text-gray-900">
                        <DateTime value={delivery.createdAt} />
                      </td>
                      <td className="px-3 py-3 font-mono text-xs text-gray-900">{delivery.eventType}</td>
                      <td className="max-w-64 px-3 py-3">
                        <span className="block truncate text-gray-900" title={delivery.url}>
                          {delivery.url}
                        </span>
                        {delivery.buttonName && (
                          <span className="block truncate text-xs text-gray-600">Button: {delivery.buttonName}</span>
                        )}
                      </td>
                      <td className="px-3 py-3">
                        <DeliveryStateBadge delivery={delivery} />
                      </td>
                      <td className="px-3 py-3 text-right text-gray-900">{delivery.lastStatusCode ?? "—"}</td>
                      <td className="px-3 py-3 text-right text-gray-900">{delivery.attempts}</td>
                      <td className="px-3 py-3 text-right">
                        <ResendButton delivery={delivery} />
                      </td>
                    </tr>
                    {isOpen && (
                      <tr id={detailsId}>
                        <td colSpan={8} className="bg-gray-50 px-3 py-3">
                          <p className="mb-2 font-mono text-xs text-gray-600">webhook-id: {delivery.id}</p>
                          <Attempts id={delivery.id} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      </Card>
      <Pagination
        page={page.page}
        pageCount={page.pageCount}
        total={page.total}
        pageSize={page.pageSize}
        hrefFor={(next) => query.hrefWith({ page: next })}
      />
    </div>
  );
}
