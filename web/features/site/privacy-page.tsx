import { Link } from '@tanstack/react-router';
import { DPO_EMAIL, PRIVACY_VERSION, versionDate } from '../../../core/legal';
import { RETENTION } from '../../../core/privacy';
import { Section, SitePage } from './site-chrome';

const COLLECTED = [
  ['Your account', 'your name, e-mail address, mobile number and password (stored only as a hash), and your role'],
  ['Your vehicles', 'their plates, make, model, color and type'],
  ['Where you look for parking', 'the places and times you search, and your device location if you allow it'],
  ['Your bookings and stays', 'the lot, slot, times, and when your car entered and left the lot'],
  ['Payments', "top-ups, charges, refunds and the payment gateway's references (never your card number)"],
  ['Your devices', 'when and from which browser you signed in, and the push subscription of each browser you allow'],
  ['Owner applications', 'the business details and the documents applicants file with us'],
] as const;

/** The Privacy Policy: the notice RA 10173 requires, with the retention periods of core/privacy.ts. */
export function PrivacyPage() {
  return (
    <SitePage
      title="Privacy Policy"
      intro={`How Parkada collects, uses and protects your personal data under the Data Privacy Act of 2012 (RA 10173). Version of ${versionDate(PRIVACY_VERSION)}.`}
    >
      <Section title="What we collect">
        <ul className="list-disc space-y-1 pl-5">
          {COLLECTED.map(([what, detail]) => (
            <li key={what}>
              <strong>{what}:</strong> {detail}.
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Why we collect it">
        <p>
          To provide the service you sign up for: to find and reserve parking, to let your car in and out at the gate, to take and refund
          payments and issue official receipts, to send the notices you choose, and to keep the service secure (sign-in limits, the audit
          trail of staff actions). We keep the money records the law requires. We do not sell your data and send promotional e-mails only if
          you turn them on in Settings.
        </p>
      </Section>
      <Section title="Who receives it">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <strong>The owner and staff of a lot you book or park at</strong>: your name, your plate and your booking, to let you in and
            settle your stay.
          </li>
          <li>
            <strong>PayMongo</strong>, our payment gateway: the amount and reference of each top-up and refund. Your card or e-wallet
            details go to PayMongo directly, never to us.
          </li>
          <li>
            <strong>Push services</strong> (the browser maker's, such as Google's or Apple's): the notices you asked to receive on a device,
            encrypted so only your browser can read them.
          </li>
          <li>Government authorities, only when the law requires it.</li>
        </ul>
      </Section>
      <RetentionSection />
      <Section title="Your rights">
        <p>Under RA 10173 you have the right to:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>be informed of how your data is processed (this notice);</li>
          <li>access your data, and receive it in a portable, machine-readable form;</li>
          <li>correct inaccurate data (your profile and vehicles in Settings);</li>
          <li>have your data erased or blocked, and object to its processing;</li>
          <li>be indemnified for damages, and complain to the National Privacy Commission (privacy.gov.ph).</li>
        </ul>
        <p>
          Exercise them in <strong>Settings → Privacy</strong>: <strong>Download my data</strong> gives you a copy of everything we hold
          about you, and <strong>Delete my account</strong> erases it, but for the money records the law requires us to keep.
        </p>
      </Section>
      <Section title="Contact our data protection officer">
        <p>
          Write to {DPO_EMAIL} or to the Data Protection Officer, Parkada, Makati City, Metro Manila. We answer within 15 days. See also our{' '}
          <Link to="/terms" className="text-brand underline">
            Terms of Service
          </Link>
          .
        </p>
      </Section>
    </SitePage>
  );
}

/** How long each kind of record is kept: the periods of core/privacy.ts, which the retention jobs apply. */
function RetentionSection() {
  return (
    <Section title="How long we keep it">
      <ul className="list-disc space-y-1 pl-5">
        <li>Sign-in records: {RETENTION.signInDays} days after each sign-in.</li>
        <li>Registrations of interest from our home page: {RETENTION.earlyRegistrationMonths} months.</li>
        <li>
          Plates of stays that ended, and in our audit trail: {RETENTION.closedStayPlateMonths} months after the stay, then masked (for
          example NBC ••34). The money records of the stay stay, without the plate, as long as tax law requires (ten years).
        </li>
        <li>Notifications: {RETENTION.notificationMonths} months after we sent them.</li>
        <li>Documents of a rejected owner application: {RETENTION.rejectedDocumentDays} days after the decision.</li>
        <li>
          Photos you add to a report to a parking lot: {RETENTION.resolvedIssuePhotoDays} days after the report is resolved. We remove their
          location and other camera details when you upload them.
        </li>
        <li>
          Your requests to Parkada support, their replies and attachment: {RETENTION.answeredSupportMonths} months after the last message of
          an answered request.
        </li>
        <li>Your account, vehicles and settings: until you delete your account.</li>
      </ul>
    </Section>
  );
}
