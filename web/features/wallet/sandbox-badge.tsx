/** Marks anything of the sandbox payment provider: test money, never real. */
export const SandboxBadge = () => (
  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-amber-900 dark:bg-amber-900/40 dark:text-amber-200">
    Sandbox
  </span>
);
