/** What other domains use of passes: checking a signed pass (a reservation's, or a monthly pass's) at the gate. */
export { verifyPass } from './pass';
export { MONTHLY_AUDIENCE, tokenAudience, verifyMonthlyPass } from './monthly-pass-token';
