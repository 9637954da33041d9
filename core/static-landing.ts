/** The landing page prerendered at build into the client build's root; static assets serve `landing.html` at `/landing`. */
export const STATIC_LANDING = { file: 'landing.html', path: '/landing' } as const;
