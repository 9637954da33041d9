import { describe, expect, it } from 'vitest';
import { ANOTHER_PERSON, asTheirDownload, endpointHost, exportFileName, openItemsRefusal, retentionCutoffs } from './privacy';

describe('retention periods', () => {
  it('counts sign-ins, rejected documents and resolved reports’ photos in days, the rest in calendar months', () => {
    expect(retentionCutoffs(Date.parse('2026-11-27T16:05:00Z'))).toEqual({
      signIns: '2026-10-28T16:05:00.000Z',
      earlyRegistrations: '2025-11-27T16:05:00.000Z',
      closedStayPlates: '2025-10-27T16:05:00.000Z',
      notifications: '2025-10-27T16:05:00.000Z',
      rejectedDocuments: '2026-08-29T16:05:00.000Z',
      resolvedIssuePhotos: '2026-08-29T16:05:00.000Z',
      answeredSupport: '2024-11-27T16:05:00.000Z',
    });
  });
});

const nothingOpen = { reservations: 0, passesInForce: 0, balanceCents: 0, activeLots: 0 };

describe('openItemsRefusal', () => {
  it('lets an account with nothing open go', () => {
    expect(openItemsRefusal(nothingOpen, false)).toBeNull();
  });

  it('names each open thing and what to do, in one message', () => {
    expect(openItemsRefusal({ reservations: 2, passesInForce: 1, balanceCents: 12_550, activeLots: 1 }, false)).toBe(
      'Your account cannot be deleted yet: you have 2 reservations not yet ended: cancel them or wait until they end; ' +
        'you have a monthly pass in force: turn off its auto-renew and wait until it ends; ' +
        'you own 1 active lot: deactivate or delete it first; ' +
        'your wallet holds ₱125.50: refund your top-ups to their source in Wallet first, or confirm that you give up the balance.',
    );
  });

  it('lets a balance go once the person gives it up', () => {
    expect(openItemsRefusal({ ...nothingOpen, balanceCents: 100 }, true)).toBeNull();
  });
});

it('names the download by its Manila date', () => {
  expect(exportFileName(new Date('2026-03-01T17:30:00Z'))).toBe('parkada-data-2026-03-02.zip');
});

it('keeps only the host of a push endpoint', () => {
  expect(endpointHost('https://fcm.googleapis.com/fcm/send/abc')).toBe('fcm.googleapis.com');
});

describe('a download as its person sees it', () => {
  const owner = { emails: ['maria@example.ph', 'maria.new@example.ph'], plates: ['MNE 1111'] };
  const pedro = {
    id: '0b6c2a52-4d8e-4b7e-9f0e-0d3c1c9e8a11',
    email: 'pedro@example.ph',
    firstName: 'Pedro',
    lastName: 'Penduko',
    role: 'owner_admin',
  } as const;

  it('names another person by role, wherever and however the records write them', () => {
    const seen = asTheirDownload(
      {
        notifications: [
          {
            message: 'Pedro Penduko (PEDRO@example.ph) accepted your invitation.',
            metadataJson: '{"by":"0b6c2a52-4d8e-4b7e-9f0e-0d3c1c9e8a11"}',
          },
        ],
        audit_logs: [{ actor: 'Pedro Penduko <pedro@example.ph>', actorId: pedro.id }],
      },
      owner,
      [pedro],
    );
    expect(seen).toEqual({
      notifications: [{ message: 'Owner Admin (Owner Admin) accepted your invitation.', metadataJson: '{"by":"Owner Admin"}' }],
      audit_logs: [{ actor: 'Owner Admin', actorId: 'Owner Admin' }],
    });
  });

  it('keeps the person’s own addresses, and hides any other address the records hold', () => {
    const [row] = asTheirDownload({ t: [{ text: 'maria.new@example.ph, Maria@Example.ph and juan@example.ph' }] }, owner, []).t;
    expect(row.text).toBe(`maria.new@example.ph, Maria@Example.ph and ${ANOTHER_PERSON}`);
  });

  it('shows only the person’s own plates whole, in any field named for a plate', () => {
    const [row] = asTheirDownload(
      {
        t: [
          {
            plate: 'mne-1111',
            plateReadText: 'OTH 2222',
            contextJson: '{"bookedPlate":"MNE 1111","plate":"OTH 2222"}',
            masked: 'ABC ••34',
          },
        ],
      },
      owner,
      [],
    ).t;
    expect(row).toEqual({
      plate: 'mne-1111',
      plateReadText: 'OTH ••22',
      contextJson: '{"bookedPlate":"MNE 1111","plate":"OTH ••22"}',
      masked: 'ABC ••34',
    });
  });
});
