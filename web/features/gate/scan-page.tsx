import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { ConnectionSwitch, SentItems } from './connection-switch';
import { GateDesk } from './gate-desk';
import { GateShell } from './gate-shell';
import { RecentActivity } from './recent-activity';

/** The gate scanner: a camera, manual entry for a pass that will not scan, quick actions and the lot's recent scans. */
export function ScanPage({ initialAction }: { initialAction?: 'checkin' | 'checkout' }) {
  return (
    <GateShell>
      {(lot, picker) => (
        <main className="mx-auto max-w-6xl space-y-6 px-4 py-6">
          <Link to="/attendant" className="inline-flex items-center gap-1 font-medium text-brand">
            <ArrowLeft aria-hidden className="h-4 w-4" /> Back to Dashboard
          </Link>
          <header className="flex flex-wrap items-center justify-between gap-4">
            <div>
              <h1 className="text-3xl font-bold">Scan &amp; Check-in</h1>
              {picker}
            </div>
            <ConnectionSwitch />
          </header>
          <SentItems />
          <GateDesk key={lot.id} lot={lot} initialAction={initialAction} />
          <RecentActivity lotId={lot.id} title="Recent Scans" limit={10} />
        </main>
      )}
    </GateShell>
  );
}
