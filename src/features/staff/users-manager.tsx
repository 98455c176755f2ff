"use client";

import { KeyRound, Pencil, Plus, Trash2, Users } from "lucide-react";
import { useRouter } from "next/navigation";
import { useCallback, useMemo, useState } from "react";
import { ConfirmDialog } from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { columnHelperFor, DataTable, type ColumnsOf } from "~/components/ui/data-table";
import { DateTime } from "~/components/ui/date-time";
import { Dialog } from "~/components/ui/dialog";
import { ActionMenu, type MenuAction } from "~/components/ui/dropdown-menu";
import { EmptyState } from "~/components/ui/empty-state";
import { ListFilters, SearchFilter } from "~/components/ui/list-filters";
import { PageHeader } from "~/components/ui/page-header";
import { toast } from "~/components/ui/toast";
import { api, userMessageOf, type RouterOutputs } from "~/trpc/react";
import { ActiveBadge, RoleBadge } from "./role-badge";
import { useRowDialogFocus } from "./row-dialog-focus";
import { editableRolesOf, ResetPasswordForm, UserForm, type StaffUserRow } from "./user-forms";

type UsersPage = RouterOutputs["admin"]["users"]["list"];
type Open =
  | { kind: "create" }
  | { kind: "edit"; user: StaffUserRow }
  | { kind: "reset"; user: StaffUserRow }
  | { kind: "delete"; user: StaffUserRow }
  | null;

const column = columnHelperFor<StaffUserRow>();
const icon = "size-4";

type RowDialog = Exclude<Open, null | { kind: "create" }>;

// User (name, @username, e-mail), Role, Status, Created, Actions. Paged newest first by the server.
function userColumns(viewerId: string, openFromRow: (dialog: RowDialog) => void): ColumnsOf<StaffUserRow> {
  function actionsOf(user: StaffUserRow): MenuAction[] {
    const name = `'${user.username}'`;
    const actions: MenuAction[] = [];
    if (user.canEdit) {
      actions.push(
        {
          label: `Edit ${name}`,
          icon: <Pencil aria-hidden className={icon} />,
          onSelect: () => openFromRow({ kind: "edit", user }),
        },
        {
          label: `Reset password of ${name}`,
          icon: <KeyRound aria-hidden className={icon} />,
          onSelect: () => openFromRow({ kind: "reset", user }),
        },
      );
    }
    if (user.canDelete) {
      actions.push({
        label: `Delete ${name}`,
        icon: <Trash2 aria-hidden className={icon} />,
        tone: "danger",
        onSelect: () => openFromRow({ kind: "delete", user }),
      });
    }
    return actions;
  }

  return [
    column.primary("user", "User", (row) => (
      <div className="min-w-0 sm:max-w-72">
        <div className="font-medium text-gray-900">
          {row.name}
          {row.id === viewerId && <span className="ml-2 text-xs font-normal text-gray-600">(you)</span>}
        </div>
        <div className="text-xs font-normal text-gray-600">@{row.username}</div>
        <div className="truncate text-xs font-normal text-gray-600">{row.email}</div>
      </div>
    )),
    column.shown("role", "Role", (row) => <RoleBadge role={row.role} />),
    column.shown("status", "Status", (row) => <ActiveBadge isActive={row.isActive} />),
    column.shown("created", "Created", (row) => <DateTime value={row.createdAt} style="date" />),
    column.right("actions", "Actions", (row) => {
      const actions = actionsOf(row);
      if (actions.length === 0) return <span className="text-gray-600">—</span>;
      return (
        <span data-actions-for={row.id}>
          <ActionMenu label={`Actions for '${row.username}'`} actions={actions} />
        </span>
      );
    }),
  ] as unknown as ColumnsOf<StaffUserRow>;
}

/**
 * The SaaS Users table with its dialogs. Which rows offer edit/delete and which roles the forms offer come from the
 * server (listUsers), which also enforces them on every mutation; after a change the page's data is re-fetched.
 */
export function UsersManager({
  data,
  page,
  pageSize,
  isSearch,
}: {
  data: UsersPage;
  page: number;
  pageSize: number;
  isSearch: boolean;
}) {
  const router = useRouter();
  const [open, setOpen] = useState<Open>(null);
  const { listRef, setReturnRowId, returnFocus } = useRowDialogFocus();
  const remove = api.admin.users.delete.useMutation();
  const close = () => setOpen(null);
  const done = (text: string) => {
    setOpen(null);
    toast.success(text);
    router.refresh();
  };
  const openFromRow = useCallback(
    (next: RowDialog) => {
      // A deleted row is gone by the time the dialog closes.
      setReturnRowId(next.kind === "delete" ? null : next.user.id);
      setOpen(next);
    },
    [setReturnRowId],
  );
  const canCreate = data.viewer.creatableRoles.length > 0;
  const viewerId = data.viewer.id;

  // Stable between renders: new cell functions would remount every cell and drop the focus inside them.
  const columns = useMemo(() => userColumns(viewerId, openFromRow), [viewerId, openFromRow]);

  const deleting = open?.kind === "delete" ? open.user : null;
  function confirmDelete(user: StaffUserRow) {
    remove.mutate(
      { id: user.id },
      {
        onSuccess: () => done(`User @${user.username} deleted.`),
        onError: (error) => {
          setOpen(null);
          toast.error(userMessageOf(error, "Failed to delete user. Please try again."));
        },
      },
    );
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title="SaaS Users"
        description="Staff accounts of the admin portal and what each may do."
        actions={
          canCreate && (
            <Button onClick={() => setOpen({ kind: "create" })} aria-haspopup="dialog">
              <Plus aria-hidden className={icon} />
              Add User
            </Button>
          )
        }
      />
      <ListFilters label="Filter users">
        <SearchFilter label="Search users" placeholder="Name, username or e-mail" param="search" />
      </ListFilters>
      <div ref={listRef} tabIndex={-1} className="outline-none">
        <DataTable
          label="SaaS users"
          caption="SaaS users"
          columns={columns}
          data={data.users}
          getRowId={(row) => row.id}
          page={{ page, pageCount: data.pageCount, total: data.total, pageSize }}
          empty={
            <EmptyState
              icon={<Users className="size-6" />}
              title={isSearch ? "No users match your search" : "No users yet"}
              description={isSearch ? "Try a part of the name, username or e-mail." : undefined}
            />
          }
        />
      </div>

      <Dialog open={open?.kind === "create"} onClose={close} title="Create New SaaS User" size="lg">
        <UserForm
          roles={data.viewer.creatableRoles}
          onCancel={close}
          onDone={(username) => done(`User @${username} created.`)}
        />
      </Dialog>
      <Dialog
        open={open?.kind === "edit"}
        onClose={close}
        title="Edit SaaS User"
        size="lg"
        onCloseAutoFocus={returnFocus}
      >
        {open?.kind === "edit" && (
          <UserForm
            user={open.user}
            roles={editableRolesOf(open.user)}
            onCancel={close}
            onDone={(username) => done(`User @${username} saved.`)}
          />
        )}
      </Dialog>
      <Dialog
        open={open?.kind === "reset"}
        onClose={close}
        title="Reset Password"
        description={open?.kind === "reset" ? `Set a new password for @${open.user.username}.` : undefined}
        onCloseAutoFocus={returnFocus}
      >
        {open?.kind === "reset" && (
          <ResetPasswordForm
            user={open.user}
            onCancel={close}
            onDone={(username) => done(`Password for @${username} reset.`)}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onClose={close}
        title={deleting ? `Delete '${deleting.username}'?` : ""}
        description={
          deleting
            ? `${deleting.name} (${deleting.email}) can no longer sign in to the admin portal. This action cannot be undone.`
            : ""
        }
        confirmLabel="Delete User"
        isBusy={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
        onCloseAutoFocus={returnFocus}
      />
    </div>
  );
}
