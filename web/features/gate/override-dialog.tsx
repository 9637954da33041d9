import { useState } from 'react';
import { OVERRIDE_REASON_LABELS, OVERRIDE_REASON_REQUIRED, OVERRIDE_REASONS, type OverrideReason } from '../../../core/gate';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, Select } from '../../components/ui/field';
import { toast } from '../../components/ui/toast-store';

/** A car let through a failed check needs one of six reasons (core/gate.ts), sent with the entry and audited with the attendant. */
export function OverrideDialog({
  open,
  onOpenChange,
  onConfirm,
  pending,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (reason: OverrideReason) => void;
  pending: boolean;
}) {
  const [reason, setReason] = useState<OverrideReason | ''>('');
  const close = (next: boolean) => {
    if (!next) setReason('');
    onOpenChange(next);
  };
  const confirm = () => {
    if (!reason) {
      toast({ title: 'Override Reason Required', description: OVERRIDE_REASON_REQUIRED, variant: 'destructive' });
      return;
    }
    onConfirm(reason);
    setReason('');
  };
  return (
    <Dialog open={open} onOpenChange={close} title="Override Access Required">
      <div className="space-y-4">
        <p className="text-sm text-muted-foreground">The vehicle is let in past a failed check. The reason is recorded with your name.</p>
        <Field label="Override reason" htmlFor="override-reason">
          <Select id="override-reason" value={reason} onChange={(e) => setReason(e.target.value as OverrideReason)}>
            <option value="">Choose a reason</option>
            {OVERRIDE_REASONS.map((code) => (
              <option key={code} value={code}>
                {OVERRIDE_REASON_LABELS[code]}
              </option>
            ))}
          </Select>
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button disabled={!reason || pending} onClick={confirm}>
            {pending ? 'Processing...' : 'Confirm Override'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
