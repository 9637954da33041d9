/**
 * Reviews for the demo lots (docs/reviews.md), so a newcomer's lot pages, search cards, the owner's
 * Reviews and the super admin's Reported reviews show something true: some of the demo customers
 * rate their COMPLETED stays (whatever the demo history made), the owner replies to a few, and one
 * review waits in the reported list. The demo driver's own stays are left for them to rate.
 * Set-based SQL run after the history; ratings lean positive, as real parking reviews do.
 */
import { DEMO_ACCOUNTS, DEMO_ATTENDANT_LOT } from './seed';
import { uuid } from './demo-history';

const TEXTS: Record<1 | 2 | 3 | 4 | 5, string[]> = {
  5: [
    'Easy in, easy out. The QR pass worked on the first scan.',
    'Clean, well lit and the guards are helpful. Sulit!',
    'Always has space even on paydays. My go-to in the area.',
    'Reserved on the way and my slot was waiting for me.',
    'Wide slots near the lifts, no scratches. Five stars.',
  ],
  4: [
    'Good location and a fair rate. The ramps are a bit tight.',
    'Smooth check-in; the exit queue was long at 6 PM.',
    'Clean and safe. Signs to my level could be clearer.',
    'Reliable for weekday office parking. Wish it had more EV bays.',
  ],
  3: [
    'Okay lang. The slots are narrow for an SUV.',
    'Fine for a quick stop, but leaving took 15 minutes.',
    'Decent, but the lower level is dim.',
  ],
  2: [
    'My reserved slot was taken; the attendant found me another after a while.',
    'Hot and stuffy downstairs, and the pay machine was down.',
  ],
  1: ['Waited 20 minutes at the gate. Not worth the rate.', 'The barrier would not read my pass and nobody answered the intercom.'],
};

const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;
const driver = DEMO_ACCOUNTS.find((account) => account.role === 'parking_user')!.email;
const now = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

/** The text of a review of `rating` stars: one of its kind, or none (one review in four has no words). */
const textFor = (rating: string, pick: string) =>
  `CASE WHEN ${pick} % 4 = 3 THEN NULL ${([1, 2, 3, 4, 5] as const)
    .map(
      (stars) =>
        `WHEN ${rating} = ${stars} THEN json_extract(${quoted(JSON.stringify(TEXTS[stars]))}, '$[' || (${pick} % ${TEXTS[stars].length}) || ']')`,
    )
    .join(' ')} END`;

export function demoReviewsSql(): string[] {
  return [
    // Spread over the history: each day, one of a lot's completed stays is reviewed, a day or so after it ended.
    `INSERT INTO reviews (id, lot_id, user_id, reservation_id, rating, text, created_at)
       SELECT ${uuid}, lot_id, user_id, id, rating, ${textFor('rating', 'pick')}, min(${now}, strftime('%Y-%m-%dT%H:%M:%fZ', end_ts, '+' || (1 + pick % 30) || ' hours'))
         FROM (SELECT r.id, r.lot_id, r.user_id, r.end_ts, abs(random()) AS pick,
                      CASE abs(random()) % 20 WHEN 0 THEN 1 WHEN 1 THEN 2 WHEN 2 THEN 3 WHEN 3 THEN 3
                        WHEN 4 THEN 4 WHEN 5 THEN 4 WHEN 6 THEN 4 WHEN 7 THEN 4 WHEN 8 THEN 4 WHEN 9 THEN 4 WHEN 10 THEN 4 ELSE 5 END AS rating,
                      row_number() OVER (PARTITION BY r.lot_id, date(r.end_ts, '+8 hours') ORDER BY r.end_ts DESC) AS k
                 FROM reservations r JOIN users u ON u.id = r.user_id
                WHERE r.status = 'COMPLETED' AND u.email <> '${driver}' AND abs(unixepoch(r.start_ts) / 900 + unicode(r.id)) % 10 = 0)
        WHERE k = 1`,
    // The owner answers the newest critical review and the newest five-star one at each lot.
    `UPDATE reviews SET reply_by = (SELECT owner_id FROM lots WHERE lots.id = reviews.lot_id),
            replied_at = min(${now}, strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+3 hours')),
            reply_text = CASE WHEN rating <= 3
              THEN 'Sorry about this, and thank you for telling us. We have briefed the team and are fixing it.'
              ELSE 'Salamat po! See you again soon.' END
      WHERE id IN (SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY lot_id, rating <= 3 ORDER BY created_at DESC) AS k
                                     FROM reviews WHERE rating <= 3 OR rating = 5) WHERE k = 1)`,
    // One review at the attendant's lot crossed a line: the demo driver reported it, for the super admin to decide.
    `UPDATE reviews SET rating = 1, text = 'The guard at the exit is useless and rude, parang walang pakialam. Fire him!'
      WHERE id = (SELECT v.id FROM reviews v JOIN lots l ON l.id = v.lot_id WHERE l.name = ${quoted(DEMO_ATTENDANT_LOT)} AND v.reply_text IS NULL
                   ORDER BY v.created_at DESC LIMIT 1)`,
    `INSERT INTO review_reports (id, review_id, reporter_id, reason)
       SELECT ${uuid}, v.id, u.id, 'Insults a staff member and asks for him to be fired.'
         FROM reviews v JOIN lots l ON l.id = v.lot_id, users u
        WHERE l.name = ${quoted(DEMO_ATTENDANT_LOT)} AND v.text LIKE 'The guard at the exit is useless%' AND u.email = '${driver}'`,
    // The lots' ratings, counted from the reviews as every later write recounts them.
    `INSERT INTO lot_ratings (lot_id, stars_5, stars_4, stars_3, stars_2, stars_1)
       SELECT lot_id, sum(rating = 5), sum(rating = 4), sum(rating = 3), sum(rating = 2), sum(rating = 1) FROM reviews WHERE true GROUP BY lot_id
       ON CONFLICT (lot_id) DO UPDATE SET stars_5 = excluded.stars_5, stars_4 = excluded.stars_4, stars_3 = excluded.stars_3,
         stars_2 = excluded.stars_2, stars_1 = excluded.stars_1`,
  ];
}
