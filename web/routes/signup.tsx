import { SignUpPage } from '../features/signup/signup-page';
import { createFileRoute } from '@tanstack/react-router';
import { signedOutOnly } from '../lib/guards';

export const Route = createFileRoute('/signup')({
  beforeLoad: signedOutOnly,
  component: SignUpPage,
});
