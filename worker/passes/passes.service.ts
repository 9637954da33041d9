/** The signed codes a gate scans, as other domains use them: reservation passes, monthly passes, and the keys that sign them (the wallet's pay codes too); and the links that share a pass with a companion. */
export { signPass, verifyPass } from './pass';
export { MONTHLY_AUDIENCE, signMonthlyPass, tokenAudience, verifyMonthlyPass } from './monthly-pass-token';
export { ISSUER, PASS_ALGORITHM, passKeys, verifySigned } from './pass-keys';
export { signPassShare, verifyPassShare } from './share-token';
