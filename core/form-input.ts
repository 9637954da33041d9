/** How the forms' typed text becomes a request's values, so the request's schema judges what was typed. */

/** A number as typed: blank is missing (NaN), which the request refuses with its own words ("Latitude is required"). */
export const typedNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
