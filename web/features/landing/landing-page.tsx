import { Link } from '@tanstack/react-router';
import {
  Building2,
  Camera,
  CalendarClock,
  Car,
  CreditCard,
  Handshake,
  LayoutDashboard,
  MapPin,
  QrCode,
  Radio,
  ShieldCheck,
  Smartphone,
  Sparkles,
  Wallet,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { Button } from '../../components/ui/button';
import { SiteFooter, SiteHeader } from '../site/site-chrome';

type Point = { icon: LucideIcon; title: string; text: string };

const TILES: Point[] = [
  { icon: Radio, title: 'Real-time', text: 'Live availability' },
  { icon: ShieldCheck, title: 'Secure', text: 'Protected payments' },
  { icon: Zap, title: 'Instant', text: 'Book in seconds' },
  { icon: Sparkles, title: 'Smart', text: 'Suggestions that explain themselves' },
];

const WHY: Point[] = [
  { icon: Radio, title: 'Real-Time Availability', text: 'See open slots and prices live before you drive.' },
  {
    icon: CalendarClock,
    title: 'Smart Reservations',
    text: 'Reserve in advance or find immediate availability, with flexible cancellation.',
  },
  { icon: CreditCard, title: 'Secure Payments', text: 'Pay with GCash, Maya, cards or your Parkada wallet.' },
  { icon: QrCode, title: 'QR Code Access', text: 'Enter with a QR code, your license plate or NFC.' },
  { icon: Camera, title: 'Secure Facilities', text: 'Lots with security staff and cameras.' },
  { icon: Car, title: 'Multi-Vehicle Support', text: 'Manage every vehicle from one account.' },
];

const DRIVERS: Point[] = [
  { icon: MapPin, title: 'Smart Location', text: 'Find parking near where you are going.' },
  { icon: CalendarClock, title: 'Reserve Ahead', text: 'Lock in your slot before you leave.' },
  { icon: Wallet, title: 'Easy Payments', text: 'GCash, Maya, cards and wallet.' },
  { icon: Smartphone, title: 'Digital Pass', text: 'A QR pass on your phone opens the gate.' },
];

const OWNERS: Point[] = [
  { icon: Building2, title: 'List Your Space', text: 'Turn idle slots into income.' },
  { icon: LayoutDashboard, title: 'Full Control', text: 'Set pricing, availability and rules from a dashboard.' },
  { icon: ShieldCheck, title: 'Protected Income', text: 'Guaranteed payments and insurance.' },
  { icon: Handshake, title: 'Operator Network', text: 'Join a growing network of Manila operators.' },
];

function PointList({ points }: { points: Point[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {points.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex gap-3">
          <Icon className="mt-1 h-5 w-5 shrink-0 text-brand" aria-hidden />
          <div>
            <h3 className="font-semibold">{title}</h3>
            <p className="text-sm text-muted-foreground">{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function AudienceCard({ title, points, action, outline }: { title: string; points: Point[]; action: string; outline?: boolean }) {
  return (
    <div className="rounded-2xl bg-card p-8">
      <h2 className="text-2xl font-bold">{title}</h2>
      <div className="mt-6">
        <PointList points={points} />
      </div>
      <Button asChild variant={outline ? 'outline' : 'primary'} className="mt-8">
        <Link to="/signup">{action}</Link>
      </Button>
    </div>
  );
}

/** The signed-out home, for visitors deciding whether to join. Sign In goes to /login. */
export function LandingPage() {
  return (
    <div>
      <SiteHeader />

      <main>
        <section className="bg-gradient-to-b from-orange-50 to-background px-4 py-16 text-center dark:from-orange-950/30 sm:py-24">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-6xl">Find. Reserve. Park Smart.</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
            Live parking availability across Metro Manila. Reserve ahead, pay securely and enter with a digital pass.
          </p>
          <Button asChild size="lg" className="mt-8">
            <Link to="/signup">Get Started</Link>
          </Button>
          <ul className="mx-auto mt-12 grid max-w-4xl grid-cols-2 gap-4 sm:grid-cols-4">
            {TILES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl border border-border bg-card p-4">
                <Icon className="mx-auto h-6 w-6 text-brand" aria-hidden />
                {/* Under the page's heading, before any section's: headings go down one level at a time. */}
                <h2 className="mt-2 font-semibold">{title}</h2>
                <p className="text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="mx-auto max-w-7xl px-4 py-16">
          <h2 className="text-center text-3xl font-bold">Why Choose Parkada</h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {WHY.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-xl border border-border bg-card p-6">
                <Icon className="h-8 w-8 text-brand" aria-hidden />
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className="mt-1 text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="bg-muted px-4 py-16">
          <div className="mx-auto grid max-w-7xl gap-10 lg:grid-cols-2">
            <AudienceCard title="For Parking Users" points={DRIVERS} action="Start Finding Parking" />
            <AudienceCard title="For Parking Owners" points={OWNERS} action="List Your Space" outline />
          </div>
        </section>

        <section className="px-4 py-16 text-center">
          <h2 className="text-3xl font-bold">Start Parking Smarter</h2>
          <p className="mt-2 text-muted-foreground">Join drivers and owners across Metro Manila.</p>
          <Button asChild size="lg" className="mt-6">
            <Link to="/signup">Start Parking Smarter</Link>
          </Button>
        </section>
      </main>

      <SiteFooter />
    </div>
  );
}
