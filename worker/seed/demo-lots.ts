/**
 * Demo lots for local runs: real Metro Manila places, plausible coordinates, capacities and rates.
 * Rates are centavos per hour. `open`/`close` apply to every weekday; 24/7 lots use 00:00–23:59.
 */
export type DemoLot = {
  name: string;
  address: string;
  city: string;
  geoLat: number;
  geoLng: number;
  slots: number;
  rateCents: number;
  hours: { open: string; close: string };
  levels: string[];
  amenities: { accessible: boolean; evCharging: boolean; security: boolean; covered: boolean };
  maxDuration: number;
  allowOvernight: boolean;
  progressive?: boolean;
};

const ALL_DAY = { open: '00:00', close: '23:59' };
const MALL = { open: '07:00', close: '23:00' };
const OFFICE = { open: '06:00', close: '22:00' };
const full = { accessible: true, evCharging: true, security: true, covered: true };

export const DEMO_LOTS: DemoLot[] = [
  { name: 'Greenbelt 3 Parking', address: 'Esperanza St, Ayala Center, Makati', city: 'Makati', geoLat: 14.5526, geoLng: 121.0215, slots: 220, rateCents: 6000, hours: MALL, levels: ['B1', 'B2', 'B3'], amenities: full, maxDuration: 12, allowOvernight: false, progressive: true },
  { name: 'Glorietta 4 Car Park', address: 'Palm Dr, Ayala Center, Makati', city: 'Makati', geoLat: 14.5509, geoLng: 121.026, slots: 300, rateCents: 5000, hours: MALL, levels: ['P1', 'P2', 'P3', 'P4'], amenities: { ...full, evCharging: false }, maxDuration: 12, allowOvernight: false },
  { name: 'Salcedo Village Park & Go', address: 'H.V. Dela Costa St, Salcedo Village, Makati', city: 'Makati', geoLat: 14.5605, geoLng: 121.0237, slots: 80, rateCents: 8000, hours: OFFICE, levels: ['G', '2F'], amenities: { accessible: true, evCharging: false, security: true, covered: false }, maxDuration: 8, allowOvernight: false },
  { name: 'Bonifacio High Street Parking', address: '7th Ave cor 28th St, Bonifacio Global City, Taguig', city: 'Taguig', geoLat: 14.551, geoLng: 121.0503, slots: 250, rateCents: 7000, hours: MALL, levels: ['B1', 'B2'], amenities: full, maxDuration: 12, allowOvernight: false, progressive: true },
  { name: 'Uptown Mall Basement Parking', address: '9th Ave cor 36th St, Bonifacio Global City, Taguig', city: 'Taguig', geoLat: 14.5565, geoLng: 121.054, slots: 180, rateCents: 9000, hours: MALL, levels: ['B1', 'B2', 'B3'], amenities: full, maxDuration: 12, allowOvernight: false },
  { name: 'The Fort Strip Open Lot', address: '5th Ave, Bonifacio Global City, Taguig', city: 'Taguig', geoLat: 14.5497, geoLng: 121.0456, slots: 60, rateCents: 4000, hours: ALL_DAY, levels: ['Open'], amenities: { accessible: true, evCharging: false, security: true, covered: false }, maxDuration: 24, allowOvernight: true },
  { name: 'SM Megamall Building B Parking', address: 'EDSA cor Doña Julia Vargas Ave, Ortigas Center, Mandaluyong', city: 'Mandaluyong', geoLat: 14.5849, geoLng: 121.0563, slots: 300, rateCents: 5000, hours: MALL, levels: ['B1', 'B2', 'P3', 'P4'], amenities: full, maxDuration: 12, allowOvernight: false, progressive: true },
  { name: 'Robinsons Galleria Parking', address: 'EDSA cor Ortigas Ave, Ortigas Center, Quezon City', city: 'Quezon City', geoLat: 14.591, geoLng: 121.0596, slots: 200, rateCents: 5000, hours: MALL, levels: ['B1', 'B2', 'P3'], amenities: { ...full, evCharging: false }, maxDuration: 12, allowOvernight: false },
  { name: 'The Podium Car Park', address: 'ADB Ave, Ortigas Center, Mandaluyong', city: 'Mandaluyong', geoLat: 14.5866, geoLng: 121.057, slots: 120, rateCents: 10000, hours: MALL, levels: ['B1', 'B2'], amenities: full, maxDuration: 10, allowOvernight: false },
  { name: 'Intramuros Plaza Roma Parking', address: 'Gen. Luna St, Intramuros, Manila', city: 'Manila', geoLat: 14.5914, geoLng: 120.9736, slots: 40, rateCents: 4000, hours: OFFICE, levels: ['Open'], amenities: { accessible: false, evCharging: false, security: true, covered: false }, maxDuration: 8, allowOvernight: false },
  { name: 'Robinsons Place Manila Parking', address: 'Pedro Gil cor M. Adriatico St, Ermita, Manila', city: 'Manila', geoLat: 14.5764, geoLng: 120.9835, slots: 220, rateCents: 5000, hours: MALL, levels: ['B1', 'P2', 'P3'], amenities: { ...full, evCharging: false }, maxDuration: 12, allowOvernight: false },
  { name: 'Rizal Park Open Parking', address: 'Roxas Blvd, Ermita, Manila', city: 'Manila', geoLat: 14.5826, geoLng: 120.9787, slots: 100, rateCents: 4000, hours: ALL_DAY, levels: ['Open'], amenities: { accessible: true, evCharging: false, security: true, covered: false }, maxDuration: 24, allowOvernight: true },
  { name: 'SM Mall of Asia North Parking', address: 'Seaside Blvd, Mall of Asia Complex, Pasay', city: 'Pasay', geoLat: 14.5352, geoLng: 120.9822, slots: 300, rateCents: 6000, hours: MALL, levels: ['P1', 'P2', 'P3', 'P4'], amenities: full, maxDuration: 14, allowOvernight: false, progressive: true },
  { name: 'NAIA Terminal 3 Parking', address: 'Andrews Ave, Pasay', city: 'Pasay', geoLat: 14.5208, geoLng: 121.0192, slots: 300, rateCents: 15000, hours: ALL_DAY, levels: ['P1', 'P2', 'P3'], amenities: full, maxDuration: 24, allowOvernight: true },
  { name: 'TriNoma Parking', address: 'EDSA cor North Ave, Quezon City', city: 'Quezon City', geoLat: 14.6533, geoLng: 121.0334, slots: 250, rateCents: 5000, hours: MALL, levels: ['B1', 'B2', 'P3'], amenities: full, maxDuration: 12, allowOvernight: false },
  { name: 'UP Town Center Parking', address: 'Katipunan Ave, Diliman, Quezon City', city: 'Quezon City', geoLat: 14.6498, geoLng: 121.0752, slots: 150, rateCents: 4500, hours: MALL, levels: ['B1', 'Open'], amenities: { accessible: true, evCharging: true, security: true, covered: false }, maxDuration: 12, allowOvernight: false },
  { name: 'Eastwood City Parking', address: 'Eastwood Ave, Bagumbayan, Quezon City', city: 'Quezon City', geoLat: 14.6091, geoLng: 121.0805, slots: 200, rateCents: 6000, hours: ALL_DAY, levels: ['B1', 'B2', 'P3'], amenities: full, maxDuration: 24, allowOvernight: true },
];
