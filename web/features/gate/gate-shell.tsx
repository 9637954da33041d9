import { useEffect, type ReactNode } from 'react';
import { Card } from '../../components/ui/card';
import { Select } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { rememberForOffline, useAuth } from '../../lib/session';
import type { GateLot } from './gate-api';
import { useGateLot, useGateSync } from './use-gate';

/** The lot picker, shown when the user works several lots; the choice is remembered on this device. */
function LotPicker({ lot, lots, choose }: { lot: GateLot; lots: GateLot[]; choose: (lot: GateLot) => void }) {
  if (lots.length < 2)
    return (
      <p className="text-muted-foreground" data-testid="gate-lot">
        {lot.name}
      </p>
    );
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor="gate-lot-picker" className="font-medium">
        Parking lot
      </label>
      <Select
        id="gate-lot-picker"
        className="w-auto"
        value={lot.id}
        onChange={(e) => choose(lots.find((candidate) => candidate.id === e.target.value)!)}
      >
        {lots.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.name}
          </option>
        ))}
      </Select>
    </div>
  );
}

/**
 * What both gate screens need before anything else: the lot being worked, the offline machinery
 * running, and the signed-in user kept on the device so the gate can start without a connection.
 */
export function GateShell({ children }: { children: (lot: GateLot, picker: ReactNode) => ReactNode }) {
  const { user } = useAuth();
  const { lot, lots, choose, isLoading, error } = useGateLot();
  useGateSync(lot?.id);
  useEffect(() => {
    if (user) rememberForOffline(user);
  }, [user]);
  if (isLoading) return <Spinner label="Loading your parking lots" />;
  if (!lot) {
    return (
      <main className="mx-auto max-w-3xl px-4 py-10">
        <Card>
          <p className="font-semibold">{error ? 'Your parking lots could not be loaded.' : 'You are not assigned to a parking lot yet.'}</p>
          <p className="mt-1 text-muted-foreground">{error ? error.message : 'Ask the lot owner to add you as an attendant.'}</p>
        </Card>
      </main>
    );
  }
  return children(lot, <LotPicker lot={lot} lots={lots} choose={choose} />);
}
