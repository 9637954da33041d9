import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SIGNUP_ROLE_LABELS } from '../../../core/roles';
import { formatDateTime } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ownApplicationQuery, type OwnApplication } from '../../lib/owner-application';
import { useAuth } from '../../lib/session';
import { ReviewBadge } from '../admin/review-badge';
import { SubmissionHistory } from '../admin/submission-history';
import { ApplicationDialog, type Purpose } from './application-dialog';
import { ApplicationDocuments } from './application-documents';
import { DetailList } from '../../components/detail-list';

/** The action the applicant has now: edit the papers while pending, edit and resubmit once rejected. */
const ACTIONS: Partial<Record<OwnApplication['status'], { purpose: Purpose; label: string }>> = {
  pending: { purpose: 'edit', label: 'Edit papers' },
  rejected: { purpose: 'resubmit', label: 'Edit and resubmit' },
};

const papers = (a: OwnApplication): [string, string][] => [
  ['Business name', a.businessName ?? '—'],
  ['Business licence', a.businessLicense ?? '—'],
  ['TIN', a.taxId ?? '—'],
];

function ApplicationStatus({ application: a, onEdit }: { application: OwnApplication; onEdit: (purpose: Purpose) => void }) {
  const action = ACTIONS[a.status];
  return (
    <Card className="mt-6 space-y-3" data-testid="owner-application">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="font-semibold">Owner application</h2>
          <p className="text-sm text-muted-foreground">
            {SIGNUP_ROLE_LABELS[a.applicantRole]} · submitted {formatDateTime(a.submittedAt)}
          </p>
        </div>
        <ReviewBadge status={a.status} />
      </div>
      {a.decisionReason && <p className="text-sm">Reason: {a.decisionReason}</p>}
      <DetailList rows={papers(a)} />
      {a.notes && <p className="text-sm italic text-muted-foreground">{a.notes}</p>}
      <ApplicationDocuments application={a} />
      {action && (
        <Button variant="outline" onClick={() => onEdit(action.purpose)}>
          {action.label}
        </Button>
      )}
      <SubmissionHistory submissions={a.earlier} title="Earlier submissions" />
    </Card>
  );
}

const BecomeOwner = ({ onApply }: { onApply: () => void }) => (
  <Card className="mt-6 space-y-3">
    <h2 className="font-semibold">Become a lot owner</h2>
    <p className="text-sm text-muted-foreground">List your parking on Parkada. Parkada reviews your business papers first.</p>
    <Button onClick={onApply}>Apply to list lots</Button>
  </Card>
);

/** In Settings: the owner application's state, papers, documents and history; a driver who filed none may apply here. */
export function OwnerApplicationCard() {
  const { user } = useAuth();
  const { data: application, isPending } = useQuery(ownApplicationQuery);
  const [purpose, setPurpose] = useState<Purpose | null>(null);
  if (isPending || (!application && user?.role !== 'parking_user')) return null;
  return (
    <>
      {application ? (
        <ApplicationStatus application={application} onEdit={setPurpose} />
      ) : (
        <BecomeOwner onApply={() => setPurpose('apply')} />
      )}
      {purpose && <ApplicationDialog application={application ?? null} purpose={purpose} onClose={() => setPurpose(null)} />}
    </>
  );
}
