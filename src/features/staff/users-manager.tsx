"use client";

import { KeyRound, Pencil, Plus, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog } from "~/components/ui/dialog";
import type { RouterOutputs } from "~/trpc/react";
import { formatDate } from "./format";
import { ActiveBadge, RoleBadge } from "./role-badge";
import { CreateUserForm, DeleteUserConfirm, EditUserForm, ResetPasswordForm, type StaffUserRow } from "./user-forms";

type UsersPage = RouterOutputs["admin"]["listUsers"];
type Open =
  | { kind: "create" }
  | { kind: "edit"; user: StaffUserRow }
  | { kind: "reset"; user: StaffUserRow }
  | { kind: "delete"; user: StaffUserRow }
  | null;

const iconButton = "rounded-lg p-2 text-gray-500 hover:bg-gray-100 hover:text-gray-900";

/**
 * The SaaS Users table with its dialogs. Which rows show edit/delete and which roles the forms offer come from the
 * server (listUsers), which also enforces them on every mutation; after a change the page's data is re-fetched.
 */
export function UsersManager({ data, toolbar, footer }: { data: UsersPage; toolbar: ReactNode; footer: ReactNode }) {
  const router = useRouter();
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const close = () => setOpen(null);
  const done = (text: string) => {
    setOpen(null);
    setNotice(text);
    router.refresh();
  };
  const canCreate = data.viewer.creatableRoles.length > 0;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-gray-900">SaaS Users</h1>
        {canCreate && (
          <Button onClick={() => setOpen({ kind: "create" })} aria-haspopup="dialog">
            <Plus aria-hidden className="h-4 w-4" />
            Add User
          </Button>
        )}
      </div>
      {notice && <Alert tone="success">{notice}</Alert>}
      {toolbar}

      <Card className="overflow-x-auto">
        {data.users.length === 0 ? (
          <p className="p-8 text-center text-gray-600">No users match your search.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">SaaS users</caption>
            <thead className="border-b border-gray-200 bg-gray-50 text-xs text-gray-500 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">
                  User
                </th>
                <th scope="col" className="px-4 py-3">
                  Role
                </th>
                <th scope="col" className="px-4 py-3">
                  Status
                </th>
                <th scope="col" className="px-4 py-3">
                  Created
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {data.users.map((user) => (
                <tr key={user.id} data-testid={`user-row-${user.username}`}>
                  <td className="px-4 py-3">
                    <div className="font-medium text-gray-900">
                      {user.name}
                      {user.id === data.viewer.id && <span className="ml-2 text-xs text-gray-500">(you)</span>}
                    </div>
                    <div className="text-xs text-gray-500">@{user.username}</div>
                    <div className="text-xs text-gray-500">{user.email}</div>
                  </td>
                  <td className="px-4 py-3">
                    <RoleBadge role={user.role} />
                  </td>
                  <td className="px-4 py-3">
                    <ActiveBadge isActive={user.isActive} />
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-gray-600">{formatDate(user.createdAt)}</td>
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-1">
                      {user.canEdit && (
                        <>
                          <button
                            type="button"
                            className={iconButton}
                            aria-label={`Edit ${user.username}`}
                            title="Edit"
                            onClick={() => setOpen({ kind: "edit", user })}
                          >
                            <Pencil aria-hidden className="h-4 w-4" />
                          </button>
                          <button
                            type="button"
                            className={iconButton}
                            aria-label={`Reset password for ${user.username}`}
                            title="Reset password"
                            onClick={() => setOpen({ kind: "reset", user })}
                          >
                            <KeyRound aria-hidden className="h-4 w-4" />
                          </button>
                        </>
                      )}
                      {user.canDelete && (
                        <button
                          type="button"
                          className={`${iconButton} hover:text-red-600`}
                          aria-label={`Delete ${user.username}`}
                          title="Delete"
                          onClick={() => setOpen({ kind: "delete", user })}
                        >
                          <Trash2 aria-hidden className="h-4 w-4" />
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      {footer}

      <Dialog open={open?.kind === "create"} onClose={close} title="Create New SaaS User" size="lg">
        <CreateUserForm
          roles={data.viewer.creatableRoles}
          onCancel={close}
          onDone={(username) => done(`User @${username} created.`)}
        />
      </Dialog>
      <Dialog open={open?.kind === "edit"} onClose={close} title="Edit SaaS User" size="lg">
        {open?.kind === "edit" && (
          <EditUserForm user={open.user} onCancel={close} onDone={(username) => done(`User @${username} saved.`)} />
        )}
      </Dialog>
      <Dialog
        open={open?.kind === "reset"}
        onClose={close}
        title="Reset Password"
        description={open?.kind === "reset" ? `Set a new password for @${open.user.username}.` : undefined}
      >
        {open?.kind === "reset" && (
          <ResetPasswordForm
            user={open.user}
            onCancel={close}
            onDone={(username) => done(`Password for @${username} reset.`)}
          />
        )}
      </Dialog>
      <Dialog open={open?.kind === "delete"} onClose={close} title="Delete SaaS User">
        {open?.kind === "delete" && (
          <DeleteUserConfirm
            user={open.user}
            onCancel={close}
            onDone={(username) => done(`User @${username} deleted.`)}
          />
        )}
      </Dialog>
    </div>
  );
}
