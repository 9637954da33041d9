import { useSuspenseQuery } from '@tanstack/react-query';
import { formatPeso, formatPesoShort } from '../../../core/money';
import { KpiFigure } from '../../components/kpi-figure';
import { Card } from '../../components/ui/card';
import { platformKpisQuery } from '../../lib/admin';

/** The five platform figures the super admin checks first, from the records. */
export function KpiTiles() {
  const { data } = useSuspenseQuery(platformKpisQuery);
  const tiles: [string, string, string?][] = [
    ['Total Tenants', String(data.totalTenants)],
    ['Total Lots', String(data.totalLots)],
    ['Platform Revenue', formatPesoShort(data.totalRevenue), formatPeso(data.totalRevenue)],
    ['Active Users', String(data.activeUsers)],
    ['Pending Approvals', String(data.pendingApprovals)],
  ];
  return (
    <div className="grid grid-cols-2 gap-4 md:grid-cols-5">
      {tiles.map(([label, value, full]) => (
        <Card key={label} className="p-4" data-testid="kpi">
          <p className="text-sm text-muted-foreground">{label}</p>
          <KpiFigure value={value} full={full} className="text-xl sm:text-2xl" />
        </Card>
      ))}
    </div>
  );
}
