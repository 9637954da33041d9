import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog, DialogButtons } from '../../components/ui/dialog';
import { Field, Textarea } from '../../components/ui/field';
import { toast } from '../../components/ui/toast-store';
import { refreshGate } from './use-gate-actions';
import { GATE_NETWORK_MODE, reportIssue } from './gate-api';

const MAX_ISSUE_LENGTH = 500;

/** Report Issue: recorded on the attendant's shift at this lot, where the owner sees it. */
export function ReportIssueDialog({ lotId, open, onOpenChange }: { lotId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const report = useMutation({
    networkMode: GATE_NETWORK_MODE,
    mutationFn: () => reportIssue(lotId, text.trim()),
    onSuccess: () => {
      toast({ title: 'Issue Reported', description: 'It is on your shift and the lot owner can see it.' });
      setText('');
      onOpenChange(false);
      return refreshGate(queryClient);
    },
    onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Report Issue">
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          report.mutate();
        }}
      >
        <Field label="What happened?" htmlFor="issue-text">
          <Textarea id="issue-text" required maxLength={MAX_ISSUE_LENGTH} rows={4} value={text} onChange={(e) => setText(e.target.value)} />
        </Field>
        <DialogButtons
          onCancel={() => onOpenChange(false)}
          submitLabel={report.isPending ? 'Processing...' : 'Report Issue'}
          pending={!text.trim() || report.isPending}
        />
      </form>
    </Dialog>
  );
}
