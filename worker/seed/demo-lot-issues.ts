/**
 * A few drivers' reports at the demo attendant's lot (docs/gate.md, Driver reports), so the attendant's
 * Driver Reports and the owner's dashboard show the thread at work on a fresh `npm start`: one just
 * sent, one the staff acknowledged and answered (the demo driver's own), one resolved. No photos: the
 * seed writes D1 only.
 */
import { DEMO_CUSTOMER_DOMAIN, uuid } from './demo-history';
import { DEMO_ACCOUNTS, DEMO_ATTENDANT_LOT } from './seed';

const emailOf = (role: (typeof DEMO_ACCOUNTS)[number]['role']) => DEMO_ACCOUNTS.find((account) => account.role === role)!.email;
const userOf = (email: string) => `(SELECT id FROM users WHERE email = '${email}')`;
const lot = `(SELECT id FROM lots WHERE name = '${DEMO_ATTENDANT_LOT}')`;
const minutesAgo = (minutes: number) => `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${minutes} minutes')`;

type DemoReport = { by: string; category: string; text: string; status: string; ago: number; staffReply?: string };

const REPORTS: DemoReport[] = [
  {
    by: `customer007@${DEMO_CUSTOMER_DOMAIN}`,
    category: 'blocked_entrance',
    text: 'A delivery truck is stopped across the B2 ramp. Cars cannot get down.',
    status: 'open',
    ago: 35,
  },
  {
    by: emailOf('parking_user'),
    category: 'facilities',
    text: 'The lights on B3 near the elevator are out. It is very dark walking to the car.',
    status: 'acknowledged',
    ago: 26 * 60,
    staffReply: 'Thank you. Maintenance is on it; please use the B2 elevator until the lights are fixed.',
  },
  {
    by: `customer042@${DEMO_CUSTOMER_DOMAIN}`,
    category: 'payment',
    text: 'The exit kiosk would not read my pass code on the first try.',
    status: 'resolved',
    ago: 4 * 24 * 60,
    staffReply: 'The scanner was dirty; it has been cleaned and tested. Sorry for the wait.',
  },
];

export function demoLotIssuesSql(): string[] {
  const staff = userOf(emailOf('attendant'));
  return REPORTS.flatMap((report) => {
    const id = `(SELECT id FROM lot_issues WHERE text = '${report.text}')`;
    const answered = report.ago - 60;
    return [
      `INSERT INTO lot_issues (id, lot_id, reporter_id, category, text, status, created_at, acknowledged_at, acknowledged_by, resolved_at, resolved_by)
         VALUES (${uuid}, ${lot}, ${userOf(report.by)}, '${report.category}', '${report.text}', '${report.status}', ${minutesAgo(report.ago)},
                 ${report.status === 'open' ? 'NULL, NULL' : `${minutesAgo(answered)}, ${staff}`},
                 ${report.status === 'resolved' ? `${minutesAgo(answered - 120)}, ${staff}` : 'NULL, NULL'})`,
      ...(report.staffReply
        ? [
            `INSERT INTO lot_issue_messages (id, issue_id, author_id, from_staff, text, created_at)
               VALUES (${uuid}, ${id}, ${staff}, 1, '${report.staffReply}', ${minutesAgo(answered)})`,
          ]
        : []),
    ];
  });
}
