import { Alert } from "~/components/ui/alert";
import { Card } from "~/components/ui/card";
import { Pagination } from "~/components/ui/pagination";
import { auditActionLabel, describeAuditDetails } from "~/features/staff/audit-details";
import { formatDateTime } from "~/features/staff/format";
import { pageParam } from "~/lib/search-params";
import { serverApi } from "~/trpc/server";

export const metadata = { title: "Audit Log · Popkit Admin" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function StaffAuditPage({ searchParams }: { searchParams: SearchParams }) {
  const page = pageParam((await searchParams).page);
  const api = await serverApi();
  const me = await api.admin.me();
  if (me.role !== "super_admin") {
    return (
      <div className="space-y-6">
        <h1 className="text-2xl font-bold text-gray-900">Audit Log</h1>
        <Alert>Only super admins can read the audit log.</Alert>
      </div>
    );
  }
  const log = await api.admin.listAuditLog({ page });

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">Audit Log</h1>
        <p className="text-sm text-gray-600">Every change staff made, who made it and when. Newest first.</p>
      </div>
      <Card className="overflow-x-auto">
        {log.entries.length === 0 ? (
          <p className="p-8 text-center text-gray-600">Nothing recorded yet.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Audit log</caption>
            <thead className="border-b border-gray-200 bg-gray-50 text-xs text-gray-500 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">
                  When
                </th>
                <th scope="col" className="px-4 py-3">
                  Who
                </th>
                <th scope="col" className="px-4 py-3">
                  Action
                </th>
                <th scope="col" className="px-4 py-3">
                  Details
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {log.entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="px-4 py-3 whitespace-nowrap text-gray-600">{formatDateTime(entry.createdAt)}</td>
                  <td className="px-4 py-3 font-medium text-gray-900">
                    {entry.actorUsername.startsWith("(") ? entry.actorUsername : `@${entry.actorUsername}`}
                  </td>
                  <td className="px-4 py-3">{auditActionLabel(entry.action)}</td>
                  <td className="px-4 py-3 text-gray-700">{describeAuditDetails(entry.details)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      <Pagination
        page={page}
        pageCount={log.pageCount}
        hrefFor={(next) => (next > 1 ? `/saas-admin/audit?page=${next}` : "/saas-admin/audit")}
      />
    </div>
  );
}
