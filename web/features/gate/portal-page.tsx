import { Link } from '@tanstack/react-router';
import { AlertTriangle, LogIn, LogOut, QrCode, type LucideIcon } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Card } from '../../components/ui/card';
import { ConnectionSwitch, SentItems } from './connection-switch';
import { GateShell } from './gate-shell';
import { LotStatusCard, QuickStats } from './lot-status-card';
import { RecentActivity } from './recent-activity';
import { ReportIssueDialog } from './report-issue-dialog';
import { ShiftButton, ShiftCard } from './shift-card';

const LotDriverReports = lazy(() => import('../lot-issues/staff-reports-panel'));

const tileClass = 'flex flex-col items-center gap-2 p-4 text-center font-medium transition-colors hover:bg-muted';

const Tile = ({ icon: Icon, label }: { icon: LucideIcon; label: string }) => (
  <>
    <Icon aria-hidden className="h-8 w-8 text-brand" />
    <span>{label}</span>
  </>
);

const TileCard = ({ children }: { children: ReactNode }) => <Card className="p-0">{children}</Card>;

/** The attendant's home at the gate: the lot, the connection, the shift, the quick tiles and the lot's figures. */
export function PortalPage() {
  const [reporting, setReporting] = useState(false);
  return (
    <GateShell>
      {(lot, picker) => (
        <main className="mx-auto max-w-6xl space-y-6 px-4 py-6">
          <header className="flex flex-wrap items-center justify-between gap-4">
            <div>
              <h1 className="text-3xl font-bold">Attendant Portal</h1>
              {picker}
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <ConnectionSwitch />
              <ShiftButton lotId={lot.id} />
            </div>
          </header>
          <SentItems />
          <nav aria-label="Quick actions" className="grid grid-cols-2 gap-4 md:grid-cols-4">
            <TileCard>
              <Link to="/attendant/scan" className={tileClass}>
                <Tile icon={QrCode} label="Scan QR Code" />
              </Link>
            </TileCard>
            <TileCard>
              <Link to="/attendant/scan" search={{ action: 'checkin' }} className={tileClass}>
                <Tile icon={LogIn} label="Manual Check-in" />
              </Link>
            </TileCard>
            <TileCard>
              <Link to="/attendant/scan" search={{ action: 'checkout' }} className={tileClass}>
                <Tile icon={LogOut} label="Manual Check-out" />
              </Link>
            </TileCard>
            <TileCard>
              <button type="button" onClick={() => setReporting(true)} className={`${tileClass} w-full rounded-xl`}>
                <Tile icon={AlertTriangle} label="Report Issue" />
              </button>
            </TileCard>
          </nav>
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
            <div className="space-y-6 lg:col-span-2">
              <ShiftCard lotId={lot.id} />
              <RecentActivity lotId={lot.id} />
              <Suspense fallback={null}>
                <LotDriverReports lotId={lot.id} />
              </Suspense>
            </div>
            <div className="space-y-6">
              <LotStatusCard lotId={lot.id} />
              <QuickStats lotId={lot.id} />
            </div>
          </div>
          <ReportIssueDialog lotId={lot.id} open={reporting} onOpenChange={setReporting} />
        </main>
      )}
    </GateShell>
  );
}
