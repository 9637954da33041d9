import { Link } from '@tanstack/react-router';
import { FREE_CANCEL_MINUTES, NO_SHOW_GRACE_MINUTES } from '../../../core/booking';
import { Section, SitePage } from './site-chrome';

/** How It Works: the product walked through, for drivers and for owners. */
export function HowItWorksPage() {
  return (
    <SitePage title="How It Works" intro="From finding a slot to driving out, and from listing a lot to getting paid.">
      <Section title="For drivers">
        <ol className="list-decimal space-y-2 pl-5">
          <li>
            <strong>Sign up</strong> with your name, e-mail and mobile number, then add your vehicles and their plates in Settings.
          </li>
          <li>
            <strong>Top up your wallet</strong> with GCash, Maya or a card. Bookings and gate charges are paid from it.
          </li>
          <li>
            <strong>Find parking</strong>: search a place in Metro Manila, pick when and for how long, and compare lots by distance, price
            and live availability.
          </li>
          <li>
            <strong>Reserve</strong> a slot. You may cancel for free up to {FREE_CANCEL_MINUTES} minutes before your arrival time.
          </li>
          <li>
            <strong>Arrive</strong> within {NO_SHOW_GRACE_MINUTES} minutes of your start time and show your QR pass, or give your plate, at
            the gate. Need more time? Extend from the app while you are parked.
          </li>
          <li>
            <strong>Drive out.</strong> Staying past your booking is charged at the exit at the lot's rate. Your receipt is in the app.
          </li>
        </ol>
        <p>
          Park at the same lot every working day? Buy a <strong>monthly pass</strong> from the lot's page: your plate is let in during the
          pass's hours without a booking.
        </p>
      </Section>
      <Section title="For parking owners">
        <ol className="list-decimal space-y-2 pl-5">
          <li>
            <strong>Apply</strong> as a space owner, business owner or property manager, with your business permit and proof of the space.
            We review every application.
          </li>
          <li>
            <strong>List your lots</strong>: their place and entrance, slots, hours, amenities and rates. Each lot is reviewed before
            drivers can book it.
          </li>
          <li>
            <strong>Run the gate</strong>: invite attendants, who check cars in and out by pass or plate, even when the connection drops.
          </li>
          <li>
            <strong>Watch and adjust</strong>: the dashboard shows occupancy and revenue; change prices, sell monthly passes and give
            merchants validation codes for their customers.
          </li>
          <li>
            <strong>Get paid</strong>: each closed month has a statement of what Parkada collected for you and what it pays out.
          </li>
        </ol>
      </Section>
      <p>
        Ready?{' '}
        <Link to="/signup" className="text-brand underline">
          Create your account
        </Link>
        .
      </p>
    </SitePage>
  );
}
