/** Every API route of signing in, the account and its second factor, e-mail, notifications and push, and the person's own records × every role (worker/test/access/rules.ts). */
import { ACCOUNTS_ROUTES } from '../test/access/accounts';
import { describeAccess } from '../test/access/rules';

describeAccess('accounts', ACCOUNTS_ROUTES);
