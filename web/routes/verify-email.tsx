import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { AuthCard } from '../components/auth-card';
import { api, unwrap } from '../lib/api';
import { textParam } from '../lib/search-params';
import { currentUserQuery } from '../lib/session';

/** The page the verification link opens: it posts the token once and says whether the address is now confirmed. */
export const Route = createFileRoute('/verify-email')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: textParam(search.token, 200) }),
  component: VerifyEmailPage,
});

function VerifyEmailPage() {
  const { token = '' } = Route.useSearch();
  const queryClient = useQueryClient();
  const verify = useMutation({
    mutationFn: () => unwrap(api.auth['verify-email'].$post({ json: { token } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
  // The link works once: a second render (React's strict mode) must not spend it again.
  const posted = useRef(false);
  useEffect(() => {
    if (posted.current) return;
    posted.current = true;
    verify.mutate();
  }, [verify]);

  return (
    <AuthCard title="Confirm your e-mail" subtitle="Parkada sends receipts and reminders only to a confirmed address.">
      <p role="status">
        {verify.isSuccess ? 'Your e-mail address is confirmed.' : verify.isError ? verify.error.message : 'Confirming your address...'}
      </p>
      <Link to="/" className="mt-4 inline-block font-medium text-brand underline">
        Continue to Parkada
      </Link>
    </AuthCard>
  );
}
