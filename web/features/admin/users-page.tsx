import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useDeferredValue, useState } from 'react';
import { ROLE_LABELS, ROLES, type Role } from '../../../core/roles';
import { formatDateTime, relativeTime } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CardList } from '../../components/ui/card-list';
import { cn } from '../../components/ui/cn';
import { Field, Input, Select } from '../../components/ui/field';
import { LoadMore } from '../../components/ui/load-more';
import { Stale } from '../../components/ui/stale';
import { usersQuery, type AdminUser } from '../../lib/admin';
import { loadedItems } from '../../lib/pages';
import { useAuth } from '../../lib/session';
import { useSearchText } from '../../lib/use-search-text';
import { AccountChangeDialog, type PendingChange } from './user-dialogs';

const badge = 'rounded-full px-2.5 py-0.5 text-xs font-semibold';

const StatusBadge = ({ user }: { user: AdminUser }) =>
  user.suspendedAt ? (
    <span
      className={cn(badge, 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200')}
      title={`Since ${formatDateTime(user.suspendedAt)}`}
    >
      Suspended
    </span>
  ) : (
    <span className={cn(badge, 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-200')}>Active</span>
  );

/** The super admin's users: searched and filtered on the server, paged, each suspendable and given a role through a dialog. */
export function UsersPage() {
  const search = useSearch({ from: '/_auth/admin/users' });
  const navigate = useNavigate({ from: '/admin/users' });
  const { user: me } = useAuth();
  const [text, setText] = useSearchText(search.q, (q) => navigate({ search: (s) => ({ ...s, q }), replace: true }));
  // A new search keeps the users on screen, marked stale, until its own have loaded (the loader loaded the first).
  const shownSearch = useDeferredValue(search);
  const users = useSuspenseInfiniteQuery(usersQuery(shownSearch));
  const [pending, setPending] = useState<PendingChange | null>(null);
  const shown = loadedItems(users.data);
  const filtered = Boolean(search.q || search.role);

  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="mb-6 text-3xl font-bold">Users</h1>
      <Card className="mb-4 grid gap-3 p-4 sm:grid-cols-2">
        <Field label="Search" htmlFor="users-search">
          <Input id="users-search" type="search" placeholder="Name or e-mail" value={text} onChange={(e) => setText(e.target.value)} />
        </Field>
        <Field label="Role" htmlFor="users-role">
          <Select
            id="users-role"
            value={search.role ?? ''}
            onChange={(e) => navigate({ search: (s) => ({ ...s, role: (e.target.value || undefined) as Role | undefined }) })}
          >
            <option value="">All roles</option>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </Select>
        </Field>
      </Card>
      <Stale stale={shownSearch !== search}>
        <CardList items={shown} empty={filtered ? 'No users match this search.' : 'No users yet.'}>
          {(user) => (
            <Card data-testid="user-row" className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0">
                <p className="font-semibold">
                  {user.firstName} {user.lastName}
                </p>
                <p className="break-all text-sm text-muted-foreground">{user.email}</p>
                <div className="mt-2 flex flex-wrap items-center gap-2">
                  <span className={cn(badge, 'border border-border')}>{ROLE_LABELS[user.role]}</span>
                  <StatusBadge user={user} />
                  <span className="text-xs text-muted-foreground">Joined {relativeTime(user.createdAt)}</span>
                </div>
              </div>
              {user.id === me?.id ? (
                <span className="text-sm text-muted-foreground">This is you</span>
              ) : (
                <div className="flex gap-2">
                  <Button size="sm" variant="outline" onClick={() => setPending({ user, action: 'role' })}>
                    Change role
                  </Button>
                  {user.suspendedAt ? (
                    <Button size="sm" onClick={() => setPending({ user, action: 'reactivate' })}>
                      Reactivate
                    </Button>
                  ) : (
                    <Button size="sm" variant="destructive" onClick={() => setPending({ user, action: 'suspend' })}>
                      Suspend
                    </Button>
                  )}
                </div>
              )}
            </Card>
          )}
        </CardList>
        <LoadMore list={users} />
      </Stale>
      <AccountChangeDialog pending={pending} onClose={() => setPending(null)} />
    </main>
  );
}
