import { describe, expect, it } from 'vitest';
import { bookingFormSchema, OTHER_VEHICLE } from './booking-request';

describe('the booking form', () => {
  const lotId = '7f3c2a10-4b5d-4e6f-8a9b-0c1d2e3f4a5b';
  const vehicleId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
  const form = {
    lotId,
    start: '2026-11-23T18:00:00+08:00',
    durationHours: 2,
    vehicleId,
    plate: '',
    vehicleType: 'motorcycle' as const,
    needs: { accessible: true, ev: false },
    voucherId: '',
  };

  it('books a vehicle of the driver by its id, and a voucher only when one is chosen', () =>
    expect(bookingFormSchema.parse(form)).toEqual({
      lotId,
      start: form.start,
      durationHours: 2,
      vehicleId,
      needs: { accessible: true, ev: false },
    }));

  it('books another vehicle by the plate typed, as the vehicle searched for', () =>
    expect(bookingFormSchema.parse({ ...form, vehicleId: OTHER_VEHICLE, plate: ' NBC 1234 ' })).toMatchObject({
      plate: 'NBC 1234',
      vehicleType: 'motorcycle',
    }));

  it("refuses what the request refuses, at the request's field", () =>
    expect(
      bookingFormSchema
        .safeParse({ ...form, vehicleId: OTHER_VEHICLE, plate: 'X'.repeat(21) })
        .error?.issues.map((issue) => issue.path.join('.')),
    ).toEqual(['plate']));
});
