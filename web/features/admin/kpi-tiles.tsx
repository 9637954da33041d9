import { useSuspenseQuery } from '@tanstack/react-query';
import { formatPeso } from '../../../core/money';
import { Card } from '../../components/ui/card';
import { platformKpisQuery } from '../../lib/admin';

/** The five platform figures the super admin checks first, from the records. */
export function KpiTiles() {
  const { data } = useSuspenseQuery(platformKpisQuery);
  const tiles = [
    ['Total Tenants', data.totalTenants],
    ['Total Lots', data.totalLots],
    ['Platform Revenue', formatPeso(data.totalRevenue)],
    ['Active Users', data.activeUsers],
    ['Pending Approvals', data.pendingApprovals],
  ] as const;
  return (
    <div className="grid grid-cols-2 gap-4 md:grid-cols-5">
      {tiles.map(([label, value]) => (
        <Card key={label} className="p-4" data-testid="kpi">
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="mt-1 break-words text-xl font-bold tabular-nums sm:text-2xl">{value}</p>
        </Card>
      ))}
    </div>
  );
}
