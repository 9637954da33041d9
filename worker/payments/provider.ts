/** Which gateway this deployment takes payments through, chosen by its environment and secrets. */
import type { Bindings } from '../env';
import type { PaymentProvider } from './gateway';
import { createPaymongoProvider } from './paymongo-provider';
import { createSandboxProvider } from './sandbox-provider';

export const PAYMENT_UNAVAILABLE = 'Payment processing is currently not configured. Please contact the administrator.';

/** The provider configured by environment and secrets, or null when none is: then top-ups are refused. */
export function paymentProvider(env: Bindings): PaymentProvider | null {
  // Test money only where we know we are local: a deploy that forgot to say which environment it is
  // (APP_ENV unset, or anything but `development`) never runs the sandbox, whatever else it says.
  const sandboxAllowed = env.APP_ENV === 'development';
  if (env.PAYMENT_PROVIDER === 'sandbox' && env.SANDBOX_WEBHOOK_SECRET && sandboxAllowed)
    return createSandboxProvider(env.SANDBOX_WEBHOOK_SECRET);
  if (env.PAYMENT_PROVIDER === 'paymongo' && env.PAYMONGO_SECRET_KEY && env.PAYMONGO_WEBHOOK_SECRET)
    return createPaymongoProvider({
      secretKey: env.PAYMONGO_SECRET_KEY,
      webhookSecret: env.PAYMONGO_WEBHOOK_SECRET,
      apiUrl: env.PAYMONGO_API_URL,
    });
  return null;
}
