import { useEffect } from 'react';
import { registerSW } from 'virtual:pwa-register';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useInstallOffer } from './install-prompt';

/**
 * The screens a driver reads in the car park, where the signal is weak: the service worker keeps their
 * last answers (web/lib/own-answers.ts), so it is installed once they have been seen.
 */
export function useOfflineCopies() {
  useEffect(() => void registerSW({ immediate: true }), []);
}

/** "Install Parkada", offered on a reservation's page once the browser offers it and until "Not now". */
export function InstallCard() {
  const offer = useInstallOffer();
  if (!offer) return null;
  return (
    <Card>
      <section aria-labelledby="install-parkada">
        <h2 id="install-parkada" className="font-semibold">
          Install Parkada
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Open your pass from the home screen, even without signal, and get reminders before your parking ends.
        </p>
        <div className="mt-3 flex gap-2">
          <Button size="sm" onClick={() => void offer.install()}>
            Install
          </Button>
          <Button size="sm" variant="outline" onClick={offer.notNow}>
            Not now
          </Button>
        </div>
      </section>
    </Card>
  );
}
