import type { ErrorComponentProps } from '@tanstack/react-router';
import { AuthCard } from './auth-card';

/** A link that opens nothing (revoked, replaced, ended, mistyped): what the server says of it, in place of its page. */
export const linkNotWorking =
  (subtitle: string) =>
  ({ error }: ErrorComponentProps) => (
    <AuthCard title="Link not working" subtitle={subtitle}>
      <p role="alert">{(error instanceof Error ? error.message : String(error)).replace(/^\d+: /, '')}</p>
    </AuthCard>
  );
