/** What other domains may ask of passes: the signed QR of a reservation and of a monthly pass. */
export { signPass } from './pass';
export { signMonthlyPass } from './monthly-pass-token';
