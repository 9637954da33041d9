import { Link } from '@tanstack/react-router';
import { Button } from './ui/button';

/** Spec 2.1: the screen for any path outside the user's route table. */
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
