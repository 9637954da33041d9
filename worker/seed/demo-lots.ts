import { DEFAULT_TIERS, type LotPricing } from '../../core/pricing';
import { type RateCard, rateCardSchema } from '../../core/rate-card';
import type { LotKind } from './demo-patterns';

/**
 * Demo lots for local runs: real Metro Manila places, plausible coordinates, capacities and rates.
 * Rates are centavos per hour. `open`/`close` apply to every weekday; 24/7 lots use 00:00–23:59.
 * `slots` counts every slot; a mall keeps a tenth of them as a motorcycle area (seed.ts).
 */
export type DemoLot = {
  name: string;
  /** What the lot serves, which sets its demo history's occupancy over the day (demo-patterns.ts). */
  kind: LotKind;
  /** How busy it is against its kind's pattern, in percent: the flagship lots fill, the others less. */
  demand: number;
  address: string;
  city: string;
  geoLat: number;
  geoLng: number;
  /** Where cars turn in, when not at the pin: Directions lead there. */
  entrance?: { lat: number; lng: number };
  slots: number;
  rateCents: number;
  hours: { open: string; close: string };
  levels: string[];
  amenities: { accessible: boolean; evCharging: boolean; security: boolean; covered: boolean };
  maxDuration: number;
  allowOvernight: boolean;
  progressive?: boolean;
  /** The rate card posted at its entrance (docs/pricing.md, Rate card); `rateCents` stays its hourly rate to go back to. */
  rateCard?: RateCard;
};

/**
 * A Metro Manila mall's posted rates: ₱50 for the first 3 hours, ₱20 for every succeeding hour or
 * fraction; motorcycles ₱20, then ₱10; 15 minutes' grace; ₱200 for a lost ticket. No overnight fee:
 * the demo malls close at 11 PM and take no overnight parking.
 */
const MALL_CARD: RateCard = {
  graceMinutes: 15,
  lostTicketCents: 20_000,
  classes: {
    car: { firstHours: 3, firstCents: 5_000, succeedingCents: 2_000 },
    motorcycle: { firstHours: 3, firstCents: 2_000, succeedingCents: 1_000 },
  },
};

/** The airport's park-and-fly: ₱150 the first hour, ₱100 each succeeding one, at most ₱900 a day, so a trip is priced by the day. */
const PARK_AND_FLY_CARD: RateCard = {
  graceMinutes: 15,
  lostTicketCents: 30_000,
  classes: { car: { firstHours: 1, firstCents: 15_000, succeedingCents: 10_000, dailyCapCents: 90_000 } },
};

const ALL_DAY = { open: '00:00', close: '23:59' };
const MALL = { open: '07:00', close: '23:00' };
const OFFICE = { open: '06:00', close: '22:00' };
const full = { accessible: true, evCharging: true, security: true, covered: true };

/**
 * What a demo lot charges: its card (parsed by `rateCardSchema`, so a bad demo card fails the seed),
 * else its hourly rate, with the default tiers where it is progressive.
 */
export const demoPricingOf = (lot: DemoLot): LotPricing => ({
  strategy: lot.rateCard ? 'RATE_CARD' : lot.progressive ? 'PROGRESSIVE' : 'STATIC',
  baseRateCents: lot.rateCents,
  tiers: lot.progressive ? DEFAULT_TIERS : null,
  rateCard: lot.rateCard && rateCardSchema.parse(lot.rateCard),
});

export const DEMO_LOTS: DemoLot[] = [
  {
    name: 'Greenbelt 3 Parking',
    kind: 'mall',
    demand: 100,
    address: 'Esperanza St, Ayala Center, Makati',
    city: 'Makati',
    geoLat: 14.5526,
    geoLng: 121.0215,
    slots: 220,
    rateCents: 6000,
    hours: MALL,
    levels: ['B1', 'B2', 'B3'],
    amenities: full,
    maxDuration: 12,
    allowOvernight: false,
    rateCard: MALL_CARD,
  },
  {
    name: 'Glorietta 4 Car Park',
    kind: 'mall',
    demand: 80,
    address: 'Palm Dr, Ayala Center, Makati',
    city: 'Makati',
    geoLat: 14.5509,
    geoLng: 121.026,
    slots: 300,
    rateCents: 5000,
    hours: MALL,
    levels: ['P1', 'P2', 'P3', 'P4'],
    amenities: { ...full, evCharging: false },
    maxDuration: 12,
    allowOvernight: false,
    rateCard: MALL_CARD,
  },
  {
    name: 'Salcedo Village Park & Go',
    kind: 'business',
    demand: 100,
    address: 'H.V. Dela Costa St, Salcedo Village, Makati',
    city: 'Makati',
    geoLat: 14.5605,
    geoLng: 121.0237,
    slots: 80,
    rateCents: 8000,
    hours: OFFICE,
    levels: ['G', '2F'],
    amenities: { accessible: true, evCharging: false, security: true, covered: false },
    maxDuration: 8,
    allowOvernight: false,
  },
  {
    name: 'Bonifacio High Street Parking',
    kind: 'mall',
    demand: 75,
    address: '7th Ave cor 28th St, Bonifacio Global City, Taguig',
    city: 'Taguig',
    geoLat: 14.551,
    geoLng: 121.0503,
    slots: 250,
    rateCents: 7000,
    hours: MALL,
    levels: ['B1', 'B2'],
    amenities: full,
    maxDuration: 12,
    allowOvernight: false,
    progressive: true,
  },
  {
    name: 'Uptown Mall Basement Parking',
    kind: 'mall',
    demand: 60,
    address: '9th Ave cor 36th St, Bonifacio Global City, Taguig',
    city: 'Taguig',
    geoLat: 14.5565,
    geoLng: 121.054,
    slots: 180,
    rateCents: 9000,
    hours: MALL,
    levels: ['B1', 'B2', 'B3'],
    amenities: full,
    maxDuration: 12,
    allowOvernight: false,
    rateCard: MALL_CARD,
  },
  {
    name: 'The Fort Strip Open Lot',
    kind: 'business',
    demand: 70,
    address: '5th Ave, Bonifacio Global City, Taguig',
    city: 'Taguig',
    geoLat: 14.5497,
    geoLng: 121.0456,
    slots: 60,
    rateCents: 4000,
    hours: ALL_DAY,
    levels: ['Open'],
    amenities: { accessible: true, evCharging: false, security: true, covered: false },
    maxDuration: 24,
    allowOvernight: true,
  },
  {
    name: 'SM Megamall Building B Parking',
    kind: 'mall',
    demand: 85,
    address: 'EDSA cor Doña Julia Vargas Ave, Ortigas Center, Mandaluyong',
    city: 'Mandaluyong',
    geoLat: 14.5849,
    geoLng: 121.0563,
    slots: 300,
    rateCents: 5000,
    hours: MALL,
    levels: ['B1', 'B2', 'P3', 'P4'],
    amenities: full,
    maxDuration: 12,
    allowOvernight: false,
    rateCard: MALL_CARD,
  },
  {
    name: 'Robinsons Galleria Parking',
    kind: 'mall',
    demand: 60,
    address: 'EDSA cor Ortigas Ave, Ortigas Center, Quezon City',
    city: 'Quezon City',
    geoLat: 14.591,
    geoLng: 121.0596,
    slots: 200,
    rateCents: 5000,
    hours: MALL,
    levels: ['B1', 'B2', 'P3'],
    amenities: { ...full, evCharging: false },
    maxDuration: 12,
    allowOvernight: false,
    rateCard: MALL_CARD,
  },
  {
    name: 'The Podium Car Park',
    kind: 'business',
    demand: 100,
    address: 'ADB Ave, Ortigas Center, Mandaluyong',
    city: 'Mandaluyong',
    geoLat: 14.5866,
    geoLng: 121.057,
    slots: 120,
    rateCents: 10000,
    hours: MALL,
    levels: ['B1', 'B2'],
    amenities: full,
    maxDuration: 10,
    allowOvernight: false,
  },
  {
    name: 'Intramuros Plaza Roma Parking',
    kind: 'leisure',
    demand: 80,
    address: 'Gen. Luna St, Intramuros, Manila',
    city: 'Manila',
    geoLat: 14.5914,
    geoLng: 120.9736,
    slots: 40,
    rateCents: 4000,
    hours: OFFICE,
    levels: ['Open'],
    amenities: { accessible: false, evCharging: false, security: true, covered: false },
    maxDuration: 8,
    allowOvernight: false,
  },
  {
    name: 'Robinsons Place Manila Parking',
    kind: 'mall',
    demand: 60,
    address: 'Pedro Gil cor M. Adriatico St, Ermita, Manila',
    city: 'Manila',
    geoLat: 14.5764,
    geoLng: 120.9835,
    slots: 220,
    rateCents: 5000,
    hours: MALL,
    levels: ['B1', 'P2', 'P3'],
    amenities: { ...full, evCharging: false },
    maxDuration: 12,
    allowOvernight: false,
    rateCard: MALL_CARD,
  },
  {
    name: 'Rizal Park Open Parking',
    kind: 'leisure',
    demand: 80,
    address: 'Roxas Blvd, Ermita, Manila',
    city: 'Manila',
    geoLat: 14.5826,
    geoLng: 120.9787,
    // The park's car entrance is off Roxas Boulevard, south-west of the pin.
    entrance: { lat: 14.5819, lng: 120.9779 },
    slots: 100,
    rateCents: 4000,
    hours: ALL_DAY,
    levels: ['Open'],
    amenities: { accessible: true, evCharging: false, security: true, covered: false },
    maxDuration: 24,
    allowOvernight: true,
  },
  {
    name: 'SM Mall of Asia North Parking',
    kind: 'mall',
    demand: 95,
    address: 'Seaside Blvd, Mall of Asia Complex, Pasay',
    city: 'Pasay',
    geoLat: 14.5352,
    geoLng: 120.9822,
    slots: 300,
    rateCents: 6000,
    hours: MALL,
    levels: ['P1', 'P2', 'P3', 'P4'],
    amenities: full,
    maxDuration: 14,
    allowOvernight: false,
    rateCard: MALL_CARD,
  },
  {
    name: 'NAIA Terminal 3 Parking',
    kind: 'airport',
    demand: 100,
    address: 'Andrews Ave, Pasay',
    city: 'Pasay',
    geoLat: 14.5208,
    geoLng: 121.0192,
    slots: 300,
    rateCents: 15000,
    hours: ALL_DAY,
    levels: ['P1', 'P2', 'P3'],
    amenities: full,
    maxDuration: 24,
    allowOvernight: true,
    rateCard: PARK_AND_FLY_CARD,
  },
  {
    name: 'TriNoma Parking',
    kind: 'mall',
    demand: 70,
    address: 'EDSA cor North Ave, Quezon City',
    city: 'Quezon City',
    geoLat: 14.6533,
    geoLng: 121.0334,
    slots: 250,
    rateCents: 5000,
    hours: MALL,
    levels: ['B1', 'B2', 'P3'],
    amenities: full,
    maxDuration: 12,
    allowOvernight: false,
    rateCard: MALL_CARD,
  },
  {
    name: 'UP Town Center Parking',
    kind: 'mall',
    demand: 60,
    address: 'Katipunan Ave, Diliman, Quezon City',
    city: 'Quezon City',
    geoLat: 14.6498,
    geoLng: 121.0752,
    slots: 150,
    rateCents: 4500,
    hours: MALL,
    levels: ['B1', 'Open'],
    amenities: { accessible: true, evCharging: true, security: true, covered: false },
    maxDuration: 12,
    allowOvernight: false,
  },
  {
    name: 'Eastwood City Parking',
    kind: 'business',
    demand: 75,
    address: 'Eastwood Ave, Bagumbayan, Quezon City',
    city: 'Quezon City',
    geoLat: 14.6091,
    geoLng: 121.0805,
    slots: 200,
    rateCents: 6000,
    hours: ALL_DAY,
    levels: ['B1', 'B2', 'P3'],
    amenities: full,
    maxDuration: 24,
    allowOvernight: true,
  },
];
