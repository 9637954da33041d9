import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { currentUserQuery } from '../lib/session';
import { AuthCard } from './auth-card';

/**
 * The page an e-mailed one-click link opens (verify an address, confirm a new one): it posts the token
 * once and says whether it worked; the signed-in user, if any, is read again.
 */
export function LinkLanding({
  title,
  subtitle,
  post,
  done,
}: {
  title: string;
  subtitle: string;
  post: () => Promise<unknown>;
  done: string;
}) {
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: post,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
  // The link works once: a second render (React's strict mode) must not spend it again.
  const posted = useRef(false);
  useEffect(() => {
    if (posted.current) return;
    posted.current = true;
    confirm.mutate();
  }, [confirm]);

  return (
    <AuthCard title={title} subtitle={subtitle}>
      <p role="status">{confirm.isSuccess ? done : confirm.isError ? confirm.error.message : 'Confirming your address...'}</p>
      <Link to="/" className="mt-4 inline-block font-medium text-brand underline">
        Continue to Parkada
      </Link>
    </AuthCard>
  );
}
