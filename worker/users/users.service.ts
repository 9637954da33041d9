/** People's accounts as other domains use them (docs/architecture.md, Kernel domains). */
export * from './users.data';
