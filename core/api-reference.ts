/** Where the build puts Scalar's standalone script (vite.config.ts), which the API's reference page /api/docs loads. */
export const API_REFERENCE_SCRIPT = '/api-docs/scalar-standalone.js';
