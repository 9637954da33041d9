/** Every API route of lots and their passes, reservations, the gate, receipts, the wallet and payments × every role (worker/test/access/rules.ts). */
import { PARKING_ROUTES } from '../test/access/parking';
import { describeAccess } from '../test/access/rules';

describeAccess('parking', PARKING_ROUTES);
