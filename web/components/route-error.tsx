import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { Button } from './ui/button';

/**
 * Any screen whose loading failed (the server down, a connection lost): what went wrong and Try again,
 * which forgets the failed queries and loads the route afresh.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queries = useQueryErrorResetBoundary();
  const retry = async () => {
    queries.reset();
    await router.invalidate();
    reset();
  };
  return (
    <main role="alert" className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-bold">This screen could not be loaded</h1>
      <p className="text-muted-foreground">{error instanceof Error ? error.message : 'Something went wrong.'}</p>
      <Button onClick={retry}>Try again</Button>
    </main>
  );
}
