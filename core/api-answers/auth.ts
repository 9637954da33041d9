/** The answers of worker/auth/ (docs/account.md): the signed-in person, their second factor and passkeys. */
import { z } from 'zod';
import { ROLES } from '../roles';
import { instant } from './shared';

/** An account as it is stored, never its password. */
export const accountAnswer = z
  .looseObject({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable(),
    role: z.enum(ROLES),
    suspendedAt: instant.nullable(),
    createdAt: instant,
    emailVerifiedAt: instant.nullable(),
    phoneVerifiedAt: instant.nullable(),
  })
  .meta({ id: 'Account' });

/** The signed-in person as the app shows them. */
export const userAnswer = accountAnswer.extend({ emailVerified: z.boolean(), phoneVerified: z.boolean() }).meta({ id: 'User' });

export const signedInAnswer = z.looseObject({ user: userAnswer }).meta({ id: 'SignedIn' });

export const emailVerifiedAnswer = z.looseObject({ emailVerified: z.literal(true) }).meta({ id: 'EmailVerified' });

/** A message for the person, the same whether or not the address is known (no account is told apart). */
export const noticeAnswer = z.looseObject({ message: z.string() }).meta({ id: 'Notice' });

export const passkeyAnswer = z.looseObject({ id: z.string(), name: z.string() }).meta({ id: 'Passkey' });

export const secondFactorAnswer = z
  .looseObject({
    totp: z.boolean(),
    recoveryCodesLeft: z.number().int(),
    passkeys: z.array(passkeyAnswer.extend({ createdAt: instant, lastUsedAt: instant.nullable() })),
    required: z.boolean(),
  })
  .meta({ id: 'SecondFactor' });

export const totpSetupAnswer = z.looseObject({ secret: z.string(), otpauthUrl: z.string() }).meta({ id: 'TotpSetup' });

export const recoveryCodesAnswer = z.looseObject({ recoveryCodes: z.array(z.string()) }).meta({ id: 'RecoveryCodes' });

export const passkeyRegisteredAnswer = z
  .looseObject({ passkey: passkeyAnswer, recoveryCodes: z.array(z.string()).optional() })
  .meta({ id: 'PasskeyRegistered' });

/** WebAuthn's options, as the browser's `navigator.credentials` takes them (SimpleWebAuthn's JSON). */
export const passkeyRegistrationOptionsAnswer = z
  .looseObject({ challenge: z.string(), rp: z.looseObject({ name: z.string() }), user: z.looseObject({ id: z.string() }) })
  .meta({ id: 'PasskeyRegistrationOptions' });

export const passkeySignInOptionsAnswer = z.looseObject({ challenge: z.string() }).meta({ id: 'PasskeySignInOptions' });
