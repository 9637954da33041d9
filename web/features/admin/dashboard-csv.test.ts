import { describe, expect, it } from 'vitest';
import { dashboardCsv, dashboardCsvName } from './dashboard-csv';

describe('dashboard export', () => {
  it('writes every figure on its own row, pesos with two decimals, names formula-safe', () => {
    const csv = dashboardCsv({
      kpis: { totalTenants: 2, totalLots: 3, totalRevenue: 11_300_000, activeUsers: 7, pendingApprovals: 1 },
      metrics: {
        bookingsToday: 2,
        occupancy: { occupied: 3, total: 5, percent: 60 },
        cancellationRate: 33.3,
        noShowRate: 16.7,
        startedReservations: 6,
        days: 30,
      },
      tenants: {
        revenueByTenant: [{ ownerId: 'o', name: 'Tina Reyes', email: 'tina@example.ph', lots: 3, revenueCents: 11_300_000 }],
        topLots: [{ lotId: 'l', name: '=Glorietta, Deck', owner: 'Tina Reyes', revenueCents: 7_800_000, bookings: 6, occupancy: 1.7 }],
      },
    });
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Section,Item,Measure,Value');
    expect(lines).toContain('Platform,,Platform revenue (PHP),113000.00');
    expect(lines).toContain('Platform metrics,,Occupancy now (%),60');
    expect(lines).toContain('Platform metrics,,"Cancellation rate, 30 days (%)",33.3');
    expect(lines).toContain('Revenue by tenant,Tina Reyes <tina@example.ph>,Revenue (PHP),113000.00');
    expect(lines).toContain(`Top performing lots,"'=Glorietta, Deck",Bookings,6`);
    expect(lines).toHaveLength(1 + 11 + 2 + 3);
  });

  it('names the file by the Manila date', () => {
    // 17:30 UTC on the 23rd is already the 24th in Manila.
    expect(dashboardCsvName(new Date('2026-11-23T17:30:00Z'))).toBe('parkada-platform-2026-11-24.csv');
  });
});
