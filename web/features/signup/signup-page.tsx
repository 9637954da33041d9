import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { AuthCard } from '../../components/auth-card';
import { Button } from '../../components/ui/button';
import { SignUpForm } from './signup-form';

/** Sign-up: creates the account and signs in, so a new user starts at once. */
export function SignUpPage() {
  return (
    <AuthCard
      title="Create your account"
      subtitle="Park smarter across Metro Manila. Owners: pick your role to list your space."
      aside={
        <Button asChild variant="ghost" size="sm">
          <Link to="/">
            <ArrowLeft className="h-4 w-4" /> Back to Home
          </Link>
        </Button>
      }
    >
      <SignUpForm />
      <p className="mt-4 text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link to="/login" className="font-medium text-brand underline">
          Sign In
        </Link>
      </p>
    </AuthCard>
  );
}
