import { useQuery } from '@tanstack/react-query';
import { formatUptime, type HealthStatus } from '../../../core/health';
import { formatDateTime } from '../../../core/time';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/cn';
import { systemHealthQuery } from '../../lib/admin';

const DOT: Record<HealthStatus, string> = { healthy: 'bg-green-500', warning: 'bg-amber-500', error: 'bg-red-600' };

/** The dashboard's System Health: uptime of the running deployment and each probed part with its status and response time, refreshed every 30 s. */
export function SystemHealthPanel() {
  const { data, isLoading, isError, error } = useQuery(systemHealthQuery);
  return (
    <Card>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 className="text-lg font-semibold">System Health</h2>
        {data?.deployment && (
          <p className="text-sm text-muted-foreground" data-testid="uptime" title={`Version ${data.deployment.versionId}`}>
            Up {formatUptime(data.deployment.uptimeSeconds)}, since {formatDateTime(data.deployment.startedAt)}
          </p>
        )}
      </div>
      {isLoading ? (
        <div className="h-24 animate-pulse rounded-lg bg-muted" />
      ) : isError ? (
        <p className="text-destructive">{error.message}</p>
      ) : (
        <ul className="divide-y divide-border" data-testid="system-health">
          {data?.services.map((service) => (
            <li key={service.name} className="flex items-center justify-between gap-2 py-2 text-sm">
              <span className="flex min-w-0 items-center gap-2">
                <span className={cn('h-2.5 w-2.5 shrink-0 rounded-full', DOT[service.status])} aria-hidden />
                <span>
                  <span className="font-medium">{service.name}</span>
                  <span className="block text-muted-foreground [overflow-wrap:anywhere]">{service.detail}</span>
                </span>
              </span>
              <span className="text-right">
                <span className="block capitalize">{service.status}</span>
                <span className="text-muted-foreground">{service.responseTimeMs} ms</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
