import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { SITE_PAGES } from '../../../core/legal';
import { SUPPORT } from '../../../core/support';
import { manilaDate } from '../../../core/time';
import { Logo } from '../../components/brand';
import { Button } from '../../components/ui/button';
import { useAuth } from '../../lib/session';

/** The signed-out visitor's header: the brand, Sign In and Get Started. */
export function SiteHeader() {
  return (
    <header className="border-b border-border">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4">
        <Logo />
        <div className="flex gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to="/login">Sign In</Link>
          </Button>
          <Button asChild size="sm">
            <Link to="/signup">Get Started</Link>
          </Button>
        </div>
      </div>
    </header>
  );
}

/** The links to the public pages, as one wrapping row (the signed-in app's Settings shows them too). */
export function SitePageLinks({ className }: { className?: string }) {
  return (
    <ul className={className}>
      {SITE_PAGES.map((page) => (
        <li key={page.to}>
          <Link to={page.to} className="underline-offset-4 hover:underline">
            {page.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The public pages' footer: who we are, the quick links and how to reach us. */
export function SiteFooter() {
  return (
    <footer className="border-t border-border px-4 py-10 text-sm text-muted-foreground">
      <div className="mx-auto grid max-w-7xl gap-8 sm:grid-cols-3">
        <div>
          <Logo />
          <p className="mt-3">Part of the Parkada mobility ecosystem, based in Manila, Philippines.</p>
        </div>
        <nav aria-label="Quick links">
          <h2 className="font-semibold text-foreground">Quick Links</h2>
          <SitePageLinks className="mt-2 space-y-1" />
        </nav>
        <div>
          <h2 className="font-semibold text-foreground">Contact</h2>
          <p className="mt-2">{SUPPORT.email}</p>
          <p>{SUPPORT.hours}</p>
          <p>Makati City, Metro Manila</p>
        </div>
      </div>
      <p className="mx-auto mt-8 max-w-7xl">© {manilaDate(Date.now()).slice(0, 4)} Parkada. All rights reserved.</p>
    </footer>
  );
}

/**
 * A public page (About Us, How It Works, the Privacy Policy, the Terms): the visitor's header when
 * signed out (signed in, the app's header is above it), the text, and the footer.
 */
export function SitePage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  const { user } = useAuth();
  return (
    <div>
      {!user && <SiteHeader />}
      <main className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
        <div className="mt-3 text-lg text-muted-foreground">{intro}</div>
        <div className="mt-8 space-y-8">{children}</div>
      </main>
      <SiteFooter />
    </div>
  );
}

/** One titled part of a public page. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h2 className="text-xl font-semibold">{title}</h2>
      {children}
    </section>
  );
}
