import { SUPPORT } from '../../../core/support';
import { Link } from '@tanstack/react-router';
import { FREE_CANCEL_MINUTES, NO_SHOW_GRACE_MINUTES } from '../../../core/booking';
import { TERMS_VERSION, versionDate } from '../../../core/legal';
import { Section, SitePage } from './site-chrome';

/** The Terms of Service: bookings, cancellation, no-shows, the wallet, gate charges and passes. */
export function TermsPage() {
  return (
    <SitePage
      title="Terms of Service"
      intro={`The agreement between you and Parkada when you use the service. Version of ${versionDate(TERMS_VERSION)}.`}
    >
      <Section title="Your account">
        <p>
          You must be 18 or older and give true details. Keep your password to yourself: what is done with your account is your
          responsibility. We may suspend an account that breaks these terms or a lot's rules, and tell you why.
        </p>
      </Section>
      <Section title="Bookings">
        <p>
          A booking reserves a slot at a lot for the time you choose, at the price shown when you book, paid from your wallet. The lot's
          owner runs the lot; Parkada takes the booking and the payment for them. Follow the lot's rules and its staff.
        </p>
      </Section>
      <Section title="Cancellation and no-shows">
        <p>
          You may cancel for free up to {FREE_CANCEL_MINUTES} minutes before your arrival time; the full price goes back to your wallet.
          After that the booking is paid. If you have not entered within {NO_SHOW_GRACE_MINUTES} minutes of your start time, the booking is
          cancelled automatically, its slot is released, and it is not refunded. These windows are set for the whole platform and shown
          before you book.
        </p>
      </Section>
      <Section title="Gate charges">
        <p>
          Staying past the end of your booking is charged at the exit, at the lot's rate, from your wallet or in cash. A car parked without
          a booking pays its whole stay at the exit. A lost ticket or pass is settled with the attendant. A merchant's validation reduces
          what you pay. Every payment has an official receipt in the app.
        </p>
      </Section>
      <Section title="The wallet">
        <p>
          Top up with GCash, Maya or a card through our payment gateway, PayMongo; limits per top-up and per day apply. The balance is in
          Philippine pesos, earns no interest and pays only for parking on Parkada. A top-up you have not spent can be refunded to where it
          came from. Points you earn are a reward, not money.
        </p>
      </Section>
      <Section title="Passes">
        <p>
          Your QR pass opens the gate for your booking only; do not share it. A monthly pass lets one plate in during the pass's days and
          hours at one lot without a booking, for the period paid; with auto-renew on, the next period is paid from your wallet when it
          starts, and you are told before a pass ends.
        </p>
      </Section>
      <Section title="Liability">
        <p>
          The lot's owner is responsible for the lot and the vehicles parked in it as the law provides. Parkada is responsible for the
          booking and the payment, and is not liable for loss or damage at a lot except where caused by our own fault.
        </p>
      </Section>
      <Section title="Changes and contact">
        <p>
          When these terms change, we publish the new version here and ask you to accept it at your next visit. These terms are governed by
          Philippine law. Questions: {SUPPORT.email}. How we handle your data: our{' '}
          <Link to="/privacy" className="text-brand underline">
            Privacy Policy
          </Link>
          .
        </p>
      </Section>
    </SitePage>
  );
}
