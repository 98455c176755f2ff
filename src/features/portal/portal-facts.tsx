/** Label/value rows of a receipt or a subscription, as on the buyer's e-mails. */
export function PortalFacts({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-gray-500">{label}</dt>
          <dd className="break-all text-gray-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
