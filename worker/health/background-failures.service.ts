/** Work after a change that failed, recorded by every domain's consumers (docs/architecture.md, Kernel domains). */
export * from './background-failures.data';
