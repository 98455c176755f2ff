import { Alert } from "~/components/ui/alert";
import { PageHeader } from "~/components/ui/page-header";
import { AuditLogTable } from "~/features/staff/audit-log-table";
import { pageParam } from "~/lib/search-params";
import { AUDIT_PAGE_SIZE } from "~/server/staff/audit";
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
        <PageHeader title="Audit Log" />
        <Alert>Only super admins can read the audit log.</Alert>
      </div>
    );
  }
  const log = await api.admin.audit.list({ page });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Audit Log"
        description="Every change staff made, who made it and when. Newest first; times are UTC."
      />
      <AuditLogTable
        entries={log.entries}
        page={{ page, pageCount: log.pageCount, total: log.total, pageSize: AUDIT_PAGE_SIZE }}
      />
    </div>
  );
}
