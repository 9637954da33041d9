/** The audit log as other domains use it: its rows are written in their batches (docs/architecture.md, Kernel domains). */
export * from './audit.data';
