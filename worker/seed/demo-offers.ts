/**
 * What the demo owner offers beyond hourly parking, so a newcomer's `npm start` shows monthly passes
 * and merchant validations working (README, "Demo data"): a weekday pass on sale at Bonifacio High
 * Street, and a merchant there to issue validation codes for. Nothing is sold or redeemed: a driver
 * buys the pass from the lot page, the owner issues codes from Merchant Validations.
 */
import { WEEKDAYS_MASK } from '../../core/monthly-passes';
import { uuid } from './demo-history';

const LOT = 'Bonifacio High Street Parking';

export function demoOffersSql(): string[] {
  return [
    `INSERT INTO pass_products (id, lot_id, name, price_cents, days_mask, open_minute, close_minute, quantity)
       SELECT ${uuid}, id, 'Weekday Office Pass', 350000, ${WEEKDAYS_MASK}, ${7 * 60}, ${20 * 60}, 20 FROM lots WHERE name = '${LOT}'`,
    `INSERT INTO merchants (id, lot_id, name, per_stay_cap_cents) SELECT ${uuid}, id, 'Jollibee High Street', 10000 FROM lots WHERE name = '${LOT}'`,
  ];
}
