import { describe, expect, it } from 'vitest';
import { findParkingSearch, lotQueryOf } from './find-parking-search';

const window = { start: '2026-12-01T02:00:00.000Z', hours: 2 };

describe("Find Parking's search in the URL", () => {
  it('searches near a named place, or the viewport once the map moved', () => {
    const atPlace = findParkingSearch({ place: 'makati cbd', hours: 4, accessible: true });
    expect(lotQueryOf(atPlace, window)).toEqual({ start: window.start, durationHours: '2', near: '14.5547,121.0244', accessible: 'true' });
    const moved = findParkingSearch({ place: 'Makati CBD', bbox: '121.01,14.54,121.03,14.56' });
    expect(lotQueryOf(moved, window)).toEqual({ start: window.start, durationHours: '2', bbox: '121.01,14.54,121.03,14.56' });
  });

  it('searches lot names and addresses for text that is no place', () => {
    expect(lotQueryOf(findParkingSearch({ place: 'Bonifacio' }), window)).toMatchObject({ q: 'Bonifacio' });
    expect(lotQueryOf(findParkingSearch({ place: 'Bonifacio' }), window)).not.toHaveProperty('near');
  });

  it('searches everywhere when the location box was emptied', () => {
    const emptied = findParkingSearch({ place: '  ' });
    expect(lotQueryOf(emptied, window)).toEqual({ start: window.start, durationHours: '2' });
  });

  it('asks for Best for you when the URL does, nearest first otherwise', () => {
    expect(lotQueryOf(findParkingSearch({ place: 'Makati CBD', sort: 'best' }), window)).toMatchObject({ sort: 'best' });
    expect(lotQueryOf(findParkingSearch({ place: 'Makati CBD' }), window)).not.toHaveProperty('sort');
    expect(findParkingSearch({ sort: 'nearest' })).not.toHaveProperty('sort', expect.anything());
  });

  it('searches for a motorcycle when the URL says so, for a car (the API default) otherwise', () => {
    expect(lotQueryOf(findParkingSearch({ place: 'Makati CBD', vehicle: 'motorcycle' }), window)).toMatchObject({
      vehicleType: 'motorcycle',
    });
    expect(lotQueryOf(findParkingSearch({ place: 'Makati CBD' }), window)).not.toHaveProperty('vehicleType');
    expect(findParkingSearch({ vehicle: 'truck' })).not.toHaveProperty('vehicle', expect.anything());
  });

  it('drops what a link gets wrong instead of failing', () => {
    expect(findParkingSearch({ hours: 3, bbox: 'everywhere', arrive: 'tomorrow', ev: 'yes', place: 'Intramuros', sort: 'random' })).toEqual(
      {
        place: 'Intramuros',
      },
    );
  });
});
