/**
 * Setup of the worker and web projects: every fast-check property draws the same cases on every run,
 * so a run's verdict depends on the code alone, never on the draw (no test may depend on random data).
 * A failing property prints its counterexample, and `seed` and `path` to replay it. A property may
 * name a seed of its own; to search further afield, run with another here.
 */
import fc from 'fast-check';

fc.configureGlobal({ seed: 20261201 });
