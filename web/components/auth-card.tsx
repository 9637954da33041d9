import type { ReactNode } from 'react';
import { Logo } from './brand';
import { Card } from './ui/card';

/** The frame of the signed-out account screens (sign up, sign in). */
export function AuthCard({
  title,
  subtitle,
  aside,
  children,
}: {
  title: string;
  subtitle: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto max-w-lg px-4 py-8">
      <div className="mb-6 flex items-center justify-between">
        <Logo />
        {aside}
      </div>
      <Card>
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mb-6 mt-1 text-muted-foreground">{subtitle}</p>
        {children}
      </Card>
    </main>
  );
}
