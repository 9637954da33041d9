/**
 * Every bench ends. Past its own time limit (`BENCH_MINUTES` to give it longer on a slow machine) it
 * says so and exits 1, whatever it was waiting on: a server that never answers, a socket that never
 * speaks. The timer holds nothing open: a bench that finishes first exits at once.
 */
export function endWithin(minutes: number) {
  const limit = Number(process.env.BENCH_MINUTES ?? minutes);
  setTimeout(() => {
    console.error(`\nThe bench did not end within ${limit} min, and stops here (BENCH_MINUTES=<minutes> gives it longer).`);
    process.exit(1);
  }, limit * 60_000).unref();
}
