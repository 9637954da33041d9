import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { homePathFor } from '../../core/roles';
import { currentUserQuery, type CurrentUser } from './session';

/** After sign-up or sign-in: remember the user, re-decide the route table, go where the user was headed. */
export function useEnterApp() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return async (user: CurrentUser, redirectTo?: string) => {
    queryClient.setQueryData(currentUserQuery.queryKey, user);
    await router.invalidate();
    const target = redirectTo?.startsWith('/') && !redirectTo.startsWith('//') ? redirectTo : homePathFor(user.role);
    await router.navigate({ to: target });
  };
}
