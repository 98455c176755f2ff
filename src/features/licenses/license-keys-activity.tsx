import { Badge } from "~/components/ui/badge";
import { DateTime } from "~/components/ui/date-time";
import { expiryChangeOf, licenseEventLabel } from "./license-keys-format";

type Instance = { id: string; name: string; createdAt: Date; lastSeenAt: Date; deactivatedAt: Date | null };
type KeyEvent = { id: string; kind: string; detail: string | null; createdAt: Date };

/** "Showing the latest 100 of 240." under a list the page cut. */
function Cut({ shown, total, noun }: { shown: number; total: number; noun: string }) {
  if (total <= shown) return null;
  return (
    <p className="py-3 text-xs text-gray-600">
      Showing the latest {shown.toLocaleString("en-US")} of {total.toLocaleString("en-US")} {noun}.
    </p>
  );
}

/** The key's activations, newest first: name, first and last seen, and whether it still counts. */
export function LicenseKeyInstances({ instances, total }: { instances: Instance[]; total: number }) {
  if (instances.length === 0) {
    return (
      <p className="py-4 text-sm text-gray-600">Not activated yet. Activations appear here as apps activate the key.</p>
    );
  }
  return (
    <>
      <ul className="divide-y divide-gray-100">
        {instances.map((instance) => (
          <li key={instance.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3 text-sm">
            <div className="min-w-0">
              <p className="font-medium break-all text-gray-900">{instance.name}</p>
              <p className="text-xs text-gray-600">
                First seen <DateTime value={instance.createdAt} /> · Last seen <DateTime value={instance.lastSeenAt} />
              </p>
              <p className="font-mono text-xs break-all text-gray-600">{instance.id}</p>
            </div>
            <div className="flex shrink-0 flex-col items-end gap-1 text-right">
              {instance.deactivatedAt ? (
                <>
                  <Badge tone="gray">Deactivated</Badge>
                  <span className="text-xs text-gray-600">
                    <DateTime value={instance.deactivatedAt} />
                  </span>
                </>
              ) : (
                <Badge tone="green">Active</Badge>
              )}
            </div>
          </li>
        ))}
      </ul>
      <Cut shown={instances.length} total={total} noun="activations" />
    </>
  );
}

function EventDetail({ event }: { event: KeyEvent }) {
  if (event.kind !== "expiry")
    return event.detail ? <p className="mt-1 break-all text-gray-700">{event.detail}</p> : null;
  const change = expiryChangeOf(event.detail);
  return (
    <p className="mt-1 text-gray-700">
      {change.kind === "date" ? (
        <>
          Expires <DateTime value={change.at} />
        </>
      ) : change.kind === "subscription" ? (
        "Expires with the subscription"
      ) : (
        "Never expires"
      )}
    </p>
  );
}

/** What happened to the key, newest first. */
export function LicenseKeyHistory({ events, total }: { events: KeyEvent[]; total: number }) {
  if (events.length === 0) return <p className="py-4 text-sm text-gray-600">Nothing has happened to this key yet.</p>;
  return (
    <>
      <ol className="divide-y divide-gray-100">
        {events.map((event) => (
          <li key={event.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3 text-sm">
            <div className="min-w-0">
              <p className="font-medium text-gray-900">{licenseEventLabel(event.kind)}</p>
              <EventDetail event={event} />
            </div>
            <span className="shrink-0 text-xs text-gray-600">
              <DateTime value={event.createdAt} />
            </span>
          </li>
        ))}
      </ol>
      <Cut shown={events.length} total={total} noun="entries" />
    </>
  );
}
