/** A person's notification preferences as the channels read them (docs/architecture.md, Kernel domains). */
export * from './preferences.data';
