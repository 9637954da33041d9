import { createFileRoute } from '@tanstack/react-router';
import { UsersPage } from '../../../features/admin/users-page';
import { usersSearch } from '../../../features/admin/users-search';

export const Route = createFileRoute('/_auth/admin/users')({ validateSearch: usersSearch, component: UsersPage });
