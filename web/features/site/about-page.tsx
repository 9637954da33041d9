import { Link } from '@tanstack/react-router';
import { DPO_EMAIL } from '../../../core/legal';
import { SUPPORT } from '../../../core/support';
import { Section, SitePage } from './site-chrome';

/** About Us: who runs Parkada and why. */
export function AboutPage() {
  return (
    <SitePage title="About Us" intro="Parkada is a parking reservation service made in Manila, for Metro Manila.">
      <Section title="Who we are">
        <p>
          We are a small team of engineers, designers and former parking operators based in Makati City. We started Parkada because finding
          a slot in Makati, BGC or Ortigas too often means circling the block, and because the lots that do have room have no easy way to
          say so.
        </p>
        <p>
          Parkada connects the two. Drivers see live availability and prices, reserve a slot, pay from their wallet and enter with a digital
          pass. Lot owners list their spaces, set their rates and rules, and run their gates from one dashboard.
        </p>
      </Section>
      <Section title="What we believe">
        <ul className="list-disc space-y-1 pl-5">
          <li>A price shown is the price paid: no booking fees, and every charge has an official receipt.</li>
          <li>Cancelling should be easy, and the rules for it the same at every lot.</li>
          <li>Owners should be paid for every slot they fill, with statements they can check.</li>
          <li>
            Your data is yours: we keep only what the service needs, for as long as it needs it (our{' '}
            <Link to="/privacy" className="text-brand underline">
              Privacy Policy
            </Link>
            ).
          </li>
        </ul>
      </Section>
      <Section title="Contact us">
        <p>
          Parkada, Makati City, Metro Manila, Philippines. Parkada support answers {SUPPORT.hours}: write from the{' '}
          <Link to="/help" className="text-brand underline">
            Help
          </Link>{' '}
          page or e-mail {SUPPORT.email}. For questions about your personal data, write to our data protection officer at {DPO_EMAIL}.
        </p>
      </Section>
    </SitePage>
  );
}
