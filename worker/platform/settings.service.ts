/** The platform's settings as other domains read and write them (docs/architecture.md, Kernel domains). */
export * from './settings.data';
