import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PAY_CODE_MINUTES } from '../../../core/wallet';
import { formatTime } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { api, unwrap } from '../../lib/api';
import { QrCode } from '../reservations/qr-pass';

/**
 * "Pay with Parkada" (docs/gate.md, Who moves whose money): a code the driver shows at a gate's exit,
 * their consent for that one stay to be paid from this wallet. A new code is made each time the
 * dialog opens, valid for PAY_CODE_MINUTES.
 */
export function PayCodeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const code = useMutation({ mutationFn: () => unwrap(api.wallet['pay-code'].$post()) });
  const { mutate, reset } = code;
  useEffect(() => {
    if (open) mutate();
    else reset();
  }, [open, mutate, reset]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Pay with Parkada">
      <div className="space-y-4 text-center">
        <p className="text-sm text-muted-foreground">
          Show this code to the attendant at the exit. Your parking is paid from your wallet, and you get a notification and a receipt with
          the amount.
        </p>
        {code.data ? (
          <>
            <QrCode token={code.data.token} label="Pay with Parkada code" testId="pay-code" />
            <p className="text-sm">
              Valid until <span className="font-semibold">{formatTime(code.data.expiresAt)}</span> ({PAY_CODE_MINUTES} minutes), for one
              stay.
            </p>
          </>
        ) : code.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {code.error.message}
          </p>
        ) : (
          <p aria-busy="true" className="text-sm text-muted-foreground">
            Making your code…
          </p>
        )}
        <div className="flex justify-center gap-2">
          <Button variant="outline" onClick={() => mutate()} disabled={code.isPending}>
            New code
          </Button>
          <Button onClick={() => onOpenChange(false)}>Done</Button>
        </div>
      </div>
    </Dialog>
  );
}
