import { useWatch } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import type { GateLot } from './gate-api';
import { ManualEntryCard } from './manual-entry-card';
import { OverrideDialog } from './override-dialog';
import { ScannerCard } from './scanner-card';
import { useGateDesk, type GateDeskState } from './use-gate-desk';

function QuickActions({ desk }: { desk: GateDeskState }) {
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold">Quick Actions</h2>
      <div className="grid grid-cols-2 gap-2 [&>button]:h-auto [&>button]:min-h-10 [&>button]:whitespace-normal [&>button]:py-2">
        <Button variant="outline" onClick={() => desk.focusForm('checkin')}>
          Quick Check-in
        </Button>
        <Button variant="outline" onClick={() => desk.focusForm('checkout')}>
          Quick Check-out
        </Button>
        <Button variant="outline" onClick={() => desk.chooseAction('override')}>
          Emergency Override
        </Button>
        <Button variant="outline" disabled={desk.pending} onClick={desk.lostTicket}>
          Lost Ticket
        </Button>
      </div>
    </Card>
  );
}

/** The gate desk: the camera, manual entry for a pass that will not scan, and quick actions. */
export function GateDesk({ lot, initialAction }: { lot: GateLot; initialAction?: 'checkin' | 'checkout' }) {
  const desk = useGateDesk(lot, initialAction);
  const action = useWatch({ control: desk.form.control, name: 'action' });
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <ScannerCard desk={desk} checkout={action === 'checkout'} />
      <div className="space-y-6">
        <ManualEntryCard desk={desk} lotId={lot.id} action={action} />
        <QuickActions desk={desk} />
      </div>
      <OverrideDialog
        open={desk.overriding}
        onOpenChange={desk.setOverriding}
        onConfirm={desk.confirmOverride}
        pending={desk.entryPending}
      />
    </div>
  );
}
