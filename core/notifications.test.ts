import { describe, expect, it } from 'vitest';
import { notificationLink, notificationPlace } from './notifications';
import { formatDateTime } from './time';

describe('a notification’s link', () => {
  it('leads to its reservation, support request or passes', () => {
    expect(notificationLink({ lotName: 'BGC', reservationId: 'r1' })).toEqual({
      to: '/reservation/$id',
      params: { id: 'r1' },
      label: 'View reservation',
    });
    expect(notificationLink({ supportRequestId: 's1' })).toEqual({ to: '/support/$id', params: { id: 's1' }, label: 'View request' });
    expect(notificationLink({ monthlyPassId: 'p1' })).toEqual({ to: '/passes', label: 'View pass' });
  });

  it('is none when the notification names no object, or its object is gone', () => {
    expect(notificationLink(undefined)).toBeNull();
    expect(notificationLink({ lotName: 'BGC', slotLabel: 'A-1' })).toBeNull();
  });
});

describe('a notification’s place', () => {
  it('shows the lot, slot and start that it has', () => {
    const startTime = '2026-11-29T06:45:00.000Z';
    expect(notificationPlace({ lotName: 'BGC', slotLabel: 'A-1', startTime })).toBe(`BGC · Slot A-1 · ${formatDateTime(startTime)}`);
    expect(notificationPlace({ lotName: 'BGC' })).toBe('BGC');
    expect(notificationPlace(undefined)).toBe('');
  });
});
