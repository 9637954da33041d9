/**
 * On an iPhone or iPad, Web Push reaches only an app added to the Home Screen (docs/notifications.md,
 * Installing the app), and Safari offers no install button: where push needs it, these steps say how.
 */

/** An iPhone or iPad (iPadOS says it is a Mac, with a touch screen) in the browser, not the installed app. */
export const onIosBrowser = () =>
  (/iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1)) &&
  !matchMedia('(display-mode: standalone)').matches;

export function HomeScreenGuide() {
  return (
    <section aria-labelledby="home-screen-guide" className="w-full rounded-lg border p-3 text-sm">
      <h3 id="home-screen-guide" className="font-semibold">
        Add Parkada to the Home Screen
      </h3>
      <ol className="mt-1 list-inside list-decimal space-y-1 text-muted-foreground">
        <li>In Safari, tap Share (the square with an arrow pointing up).</li>
        <li>Scroll down and tap Add to Home Screen, then Add.</li>
        <li>Open Parkada from the Home Screen, sign in, and turn on Push Notifications here.</li>
      </ol>
    </section>
  );
}
