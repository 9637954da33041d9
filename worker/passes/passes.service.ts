/** What other domains use of passes: signing a reservation's or a monthly pass's QR, and checking one at the gate. */
export { signPass, verifyPass } from './pass';
export { MONTHLY_AUDIENCE, signMonthlyPass, tokenAudience, verifyMonthlyPass } from './monthly-pass-token';
