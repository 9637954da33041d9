import { Link } from '@tanstack/react-router';

/** "Terms of Service" or "Privacy Policy" from a form or dialog: a new tab, so what is being filled in stays. */
export function LegalLink({ to, children }: { to: '/terms' | '/privacy'; children: string }) {
  return (
    <Link to={to} target="_blank" className="font-medium text-brand underline">
      {children}
    </Link>
  );
}
