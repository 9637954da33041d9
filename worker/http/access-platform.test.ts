/** Every API route of early registration, health, and the super admin's screens × every role (worker/test/access/rules.ts). */
import { PLATFORM_ROUTES } from '../test/access/platform';
import { describeAccess } from '../test/access/rules';

describeAccess('platform', PLATFORM_ROUTES);
