import { describe, expect, it } from 'vitest';
import { changePercent, dailyRowsCsv, openHours, openWeekMask, previousPeriod, reportFileName } from './owner-figures';

describe('owner figures', () => {
  it('writes the Daily Performance rows as the CSV export', () => {
    const csv = dailyRowsCsv([
      { date: '2026-03-02', revenue: 44000, occupancy: 12.5, bookings: 3, avgDuration: 4.2 },
      { date: '2026-03-03', revenue: 16050, occupancy: 90, bookings: 2, avgDuration: 1.8 },
      { date: '2026-03-04', revenue: 0, occupancy: null, bookings: 0, avgDuration: 0 },
    ]);
    expect(csv).toBe(
      'Date,Revenue,Occupancy,Bookings,Avg Duration,Status\r\n' +
        '2026-03-02,440.00,12.5,3,4.2,Normal\r\n' +
        '2026-03-03,160.50,90.0,2,1.8,High\r\n' +
        '2026-03-04,0.00,,0,0.0,Normal\r\n',
    );
    expect(reportFileName('2026-03-04')).toBe('parking-report-2026-03-04.csv');
  });

  it('counts the clock hours an opening window touches', () => {
    const count = (open: string, close: string) => openHours({ monday: { open, close } }, 'monday').filter(Boolean).length;
    expect([count('06:00', '22:00'), count('00:00', '23:59'), count('08:30', '17:15')]).toEqual([16, 24, 10]);
    expect(openHours({}, 'monday').some(Boolean)).toBe(false);
    // Sunday first: Monday 06:00 is character 24 + 6.
    const mask = openWeekMask({ monday: { open: '06:00', close: '07:00' } });
    expect([mask.length, mask.indexOf('1'), mask.lastIndexOf('1')]).toEqual([168, 30, 30]);
  });

  it('compares with as many days just before, and says nothing against zero', () => {
    expect(previousPeriod('2026-03-01', '2026-03-31')).toEqual({ from: '2026-01-29', to: '2026-02-28' });
    expect([changePercent(150, 100), changePercent(50, 100), changePercent(5, 0)]).toEqual([50, -50, null]);
  });
});
