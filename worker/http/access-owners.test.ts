/** Every API route of an owner's lots, prices, attendants, merchants, statements and reports × every role (worker/test/access/rules.ts). */
import { OWNERS_ROUTES } from '../test/access/owners';
import { describeAccess } from '../test/access/rules';

describeAccess('owners', OWNERS_ROUTES);
