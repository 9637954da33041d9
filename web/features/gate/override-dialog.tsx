import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, Select } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';

/** Why an attendant lets a car past a failed check; the server audits the choice with the attendant. */
export const OVERRIDE_REASONS = {
  system_error: 'System Error',
  lost_ticket: 'Lost Ticket',
  payment_issue: 'Payment Issue',
  emergency: 'Emergency',
  customer_service: 'Customer Service',
  other: 'Other',
} as const;
export type OverrideReasonCode = keyof typeof OVERRIDE_REASONS;

/** Spec 4 "Override flow": a reason from the six, then the entry is sent with it. */
export function OverrideDialog({ open, onOpenChange, onConfirm, pending }: { open: boolean; onOpenChange: (open: boolean) => void; onConfirm: (reason: OverrideReasonCode) => void; pending: boolean }) {
  const [reason, setReason] = useState<OverrideReasonCode | ''>('');
  const close = (next: boolean) => {
    if (!next) setReason('');
    onOpenChange(next);
  };
  const confirm = () => {
    if (!reason) {
      toast({ title: 'Override Reason Required', description: 'Please provide a reason for the override', variant: 'destructive' });
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
          <Select id="override-reason" value={reason} onChange={(e) => setReason(e.target.value as OverrideReasonCode)}>
            <option value="">Choose a reason</option>
            {Object.entries(OVERRIDE_REASONS).map(([code, label]) => (
              <option key={code} value={code}>
                {label}
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
