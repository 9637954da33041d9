import type { EarlyRegistration } from '../../core/signup';
import type { DB } from '../db/client';
import { registerEarly } from './early-registration.data';

/** Interest registered before launch (the landing page's form): true when the address is new. */
export const registerInterest = (db: DB, registration: EarlyRegistration) => registerEarly(db, registration);
