import { Pagination } from "~/components/ui/pagination";
import { listHref, SearchForm, textParam } from "~/features/staff/search-form";
import { UsersManager } from "~/features/staff/users-manager";
import { pageParam } from "~/lib/search-params";
import { serverApi } from "~/trpc/server";

export const metadata = { title: "SaaS Users · Popkit Admin" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function StaffUsersPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const search = textParam(params.search);
  const page = pageParam(params.page);
  const api = await serverApi();
  const data = await api.admin.listUsers({ search, page });
  return (
    <UsersManager
      data={data}
      toolbar={
        <SearchForm
          action="/saas-admin/users"
          value={search}
          label="Search users"
          placeholder="Name, username or e-mail"
        />
      }
      footer={
        <Pagination
          page={page}
          pageCount={data.pageCount}
          hrefFor={(next) => listHref("/saas-admin/users", { search, page: next })}
        />
      }
    />
  );
}
