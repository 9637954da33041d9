import { useMutation } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { api, unwrapEmpty } from '../lib/api';
import { Button } from './ui/button';
import { toast } from './ui/toast-store';

/** Shown until the address is confirmed: until then it gets nothing but its links and security notices (docs/account.md). */
export function UnverifiedBanner({ email }: { email: string }) {
  const resend = useMutation({
    mutationFn: () => unwrapEmpty(api.auth['verify-email'].resend.$post()),
    onSuccess: () => toast({ title: 'Link Sent', description: `Open the link we sent to ${email}.` }),
    onError: (error) => toast({ title: 'Link Not Sent', description: error.message, variant: 'destructive' }),
  });
  return (
    <section
      aria-label="Unverified e-mail"
      className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2 border-b border-border bg-muted px-4 py-2 text-sm print:hidden"
    >
      <p className="flex items-center gap-2">
        <MailWarning className="h-4 w-4 shrink-0" aria-hidden />
        <span>
          Your e-mail address <strong className="break-all">{email}</strong> is unverified. Open the link we sent to confirm it.
        </span>
      </p>
      <Button size="sm" variant="outline" disabled={resend.isPending} onClick={() => resend.mutate()}>
        Resend
      </Button>
    </section>
  );
}
