import { UsersManager } from "~/features/staff/users-manager";
import { pageParam, textParam } from "~/lib/search-params";
import { USERS_PAGE_SIZE } from "~/server/staff/users";
import { serverApi } from "~/trpc/server";

export const metadata = { title: "SaaS Users · Popkit Admin" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function StaffUsersPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const search = textParam(params.search);
  const page = pageParam(params.page);
  const api = await serverApi();
  const data = await api.admin.users.list({ search, page });
  return <UsersManager data={data} page={page} pageSize={USERS_PAGE_SIZE} isSearch={search !== ""} />;
}
