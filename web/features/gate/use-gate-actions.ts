import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/toast-store';
import { checkIn, checkOut, type EntryInput, type ExitInput } from './gate-actions';
import { GATE_NETWORK_MODE } from './gate-api';
import { entryMessage, exitMessage } from './gate-outcome';

/** After any gate change the shift, activity and lot status are stale: reloaded, so the attendant's counts hold. */
export const refreshGate = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ predicate: ({ queryKey }) => String(queryKey[0]).startsWith('/api/attendant') });

const failed = (error: Error) => toast({ title: 'Error', description: error.message, variant: 'destructive' });

/** Entry and exit with the spec's messages; `onDone` runs after a success (the scan screen resets). */
export function useGateActions(lotId: string, onDone: () => void) {
  const queryClient = useQueryClient();
  const entry = useMutation({
    networkMode: GATE_NETWORK_MODE,
    mutationFn: (input: EntryInput) => checkIn(lotId, input),
    onSuccess: (outcome) => {
      toast(entryMessage(outcome));
      onDone();
      return refreshGate(queryClient);
    },
    onError: failed,
  });
  const exit = useMutation({
    networkMode: GATE_NETWORK_MODE,
    mutationFn: (input: ExitInput) => checkOut(lotId, input),
    onSuccess: (outcome) => {
      toast(exitMessage(outcome));
      onDone();
      return refreshGate(queryClient);
    },
    onError: failed,
  });
  return { entry, exit, pending: entry.isPending || exit.isPending };
}
