import { Link, Outlet } from '@tanstack/react-router';

const link =
  'whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground data-[status=active]:bg-muted data-[status=active]:text-foreground';

/** Every admin screen sits under this strip of the console's sections; it scrolls sideways on a phone rather than wrapping. */
export function AdminLayout() {
  return (
    <>
      <nav aria-label="Admin" className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-1 pt-4">
        <Link to="/admin" activeOptions={{ exact: true }} className={link}>
          Dashboard
        </Link>
        <Link to="/admin/approvals" search={{ status: 'pending', tab: 'owner' }} activeOptions={{ includeSearch: false }} className={link}>
          Approvals
        </Link>
        <Link to="/admin/users" search={{}} activeOptions={{ includeSearch: false }} className={link}>
          Users
        </Link>
        <Link to="/admin/audit-logs" search={{}} activeOptions={{ includeSearch: false }} className={link}>
          Audit Log
        </Link>
        <Link to="/admin/reviews" className={link}>
          Reported reviews
        </Link>
        <Link to="/admin/support" className={link}>
          Support
        </Link>
      </nav>
      <Outlet />
    </>
  );
}
