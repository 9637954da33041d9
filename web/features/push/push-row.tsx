import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { HomeScreenGuide, onIosBrowser } from '../pwa/home-screen-guide';
import { BLOCKED, devicePush, subscribeThisBrowser, UNSUPPORTED, unsubscribeThisBrowser, type DevicePush } from './this-browser';

const deviceQuery = { queryKey: ['push', 'this-browser'], queryFn: devicePush, staleTime: Number.POSITIVE_INFINITY };

const STATUS: Record<DevicePush, string> = {
  unsupported: UNSUPPORTED,
  blocked: BLOCKED,
  off: 'This device does not get alerts yet.',
  on: 'This device gets alerts: reminders before your parking starts and ends, expiries, and passes about to end.',
};

/**
 * The Push Notifications preference's device half: turning the preference on asks this browser's
 * permission and subscribes it, turning it off unsubscribes it; this row says where this device stands.
 */
export function usePushDevice() {
  const queryClient = useQueryClient();
  const { data: device } = useQuery(deviceQuery);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = async (on: boolean) => {
    setBusy(true);
    setRefusal(null);
    try {
      await (on ? subscribeThisBrowser() : unsubscribeThisBrowser());
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setRefusal(message);
      toast({ title: on ? 'Push Not Turned On' : 'Push Not Turned Off', description: message, variant: 'destructive' });
      return false;
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: deviceQuery.queryKey });
    }
  };
  return { device, refusal, busy, change };
}

export function PushDeviceStatus({ enabled, push }: { enabled: boolean; push: ReturnType<typeof usePushDevice> }) {
  const { device, refusal, busy, change } = push;
  if (!device) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 pb-3 text-sm" data-testid="push-device">
      <p role="status" className={refusal ? 'text-destructive' : 'text-muted-foreground'}>
        {refusal ?? STATUS[device]}
      </p>
      {device === 'unsupported' && onIosBrowser() && <HomeScreenGuide />}
      {enabled && device === 'off' && (
        <Button size="sm" variant="outline" disabled={busy} onClick={() => void change(true)}>
          Turn on for this device
        </Button>
      )}
      {device === 'on' && (
        <Button size="sm" variant="outline" disabled={busy} onClick={() => void change(false)}>
          Turn off for this device
        </Button>
      )}
    </div>
  );
}
