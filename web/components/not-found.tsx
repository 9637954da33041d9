import { Link, type LinkProps } from '@tanstack/react-router';
import { Button } from './ui/button';

/** Any path outside the user's route table, so another role's screen looks like no screen at all. */
export function NotFoundScreen() {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-bold">404 Page Not Found</h1>
      <p className="text-muted-foreground">Did you forget to add the page to the router?</p>
      <Button asChild variant="outline">
        <Link to="/">Go home</Link>
      </Button>
    </main>
  );
}

/** A screen whose record is missing ('Parking Lot Not Found', 'Reservation Not Found'…), with a way back out of it. */
export function MissingScreen({
  title,
  detail,
  backTo,
  backLabel,
}: {
  title: string;
  detail?: string;
  backTo: LinkProps['to'];
  backLabel: string;
}) {
  return (
    <main className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      {detail && <p className="mt-2 text-muted-foreground">{detail}</p>}
      <Button className="mt-6" asChild>
        <Link to={backTo}>{backLabel}</Link>
      </Button>
    </main>
  );
}
