import { Link } from '@tanstack/react-router';
import { useController, useFormContext } from 'react-hook-form';
import { FieldProblem } from '../../components/ui/form-field';

/** "Terms of Service" or "Privacy Policy" from a form or dialog: a new tab, so what is being filled in stays. */
export function LegalLink({ to, children }: { to: '/terms' | '/privacy'; children: string }) {
  return (
    <Link to={to} target="_blank" className="font-medium text-brand underline">
      {children}
    </Link>
  );
}

/** The one box a new account ticks to accept the Terms and the Privacy Policy (sign-up, an invitation link). */
function TermsAgreement({ agreed, onAgreed }: { agreed: boolean; onAgreed: (agreed: boolean) => void }) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        className="mt-0.5 h-4 w-4 shrink-0 accent-brand"
        checked={agreed}
        onChange={(e) => onAgreed(e.target.checked)}
        required
      />
      <span>
        I agree to the <LegalLink to="/terms">Terms of Service</LegalLink> and have read the{' '}
        <LegalLink to="/privacy">Privacy Policy</LegalLink>
      </span>
    </label>
  );
}

/** The box of a form that has an `agreed` field (under a FormProvider); unticked, the request's problem is at `termsVersion`. */
export function TermsField() {
  const { field, fieldState } = useController<{ agreed: boolean }, 'agreed'>({ name: 'agreed' });
  const { errors } = useFormContext().formState;
  return (
    <div>
      <TermsAgreement agreed={field.value} onAgreed={field.onChange} />
      <FieldProblem error={fieldState.error ?? errors.termsVersion} />
    </div>
  );
}
