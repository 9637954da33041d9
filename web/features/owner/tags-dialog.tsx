/**
 * A lot's NFC/QR tags, for its owner (docs/gate.md, Entrance tags): make an entrance or exit tag,
 * write it to an NFC sticker where the browser can (Web NFC), print it as QR stickers (always), and
 * revoke one that was lost or copied; the revoked ones stay listed as the trace of what was replaced.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { TAG_KIND_LABELS, TAG_KINDS, type TagKind } from '../../../core/tags';
import { formatDateTime } from '../../../core/time';
import { Button } from '../../components/ui/button';
import { ConfirmDialog, Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { downloadFile } from '../../lib/download';
import type { OwnerLot } from '../../lib/owner';
import { ownerTagsQuery, useCreateTag, useRevokeTag, type OwnerTag } from '../../lib/tags';

/** Web NFC (Chrome on Android) is not in TypeScript's DOM library. */
type NdefWriter = { write(message: { records: { recordType: 'url'; data: string }[] }): Promise<void> };
const NdefReader = (globalThis as unknown as { NDEFReader?: new () => NdefWriter }).NDEFReader;

async function writeToNfc(url: string) {
  if (!NdefReader) return;
  try {
    toast({ title: 'Hold the NFC tag to the phone', description: 'Keep it there until the phone says it is written.' });
    await new NdefReader().write({ records: [{ recordType: 'url', data: url }] });
    toast({ title: 'Tag written', description: 'Tap it with any phone: it opens this lot’s tag page.' });
  } catch (error) {
    toast({ title: 'Tag not written', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
  }
}

async function printTags(tags: { kind: TagKind; url: string }[], lotName: string) {
  const { tagSheetPdf } = await import('./tag-sheet-pdf');
  downloadFile(
    `parkada-tags-${lotName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pdf`,
    await tagSheetPdf(tags, lotName),
    'application/pdf',
  );
}

function TagRow({ tag, lotName, onRevoke }: { tag: OwnerTag & { url: string }; lotName: string; onRevoke: () => void }) {
  const label = `${TAG_KIND_LABELS[tag.kind]} tag`;
  return (
    <li data-testid="lot-tag" className="flex flex-wrap items-center justify-between gap-2 py-2">
      <div className="min-w-0">
        <p className="font-medium">{label}</p>
        <p className="text-xs text-muted-foreground">Made {formatDateTime(tag.createdAt)}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {NdefReader && (
          <Button size="sm" variant="outline" onClick={() => void writeToNfc(tag.url)}>
            Write to NFC
          </Button>
        )}
        <Button
          size="sm"
          variant="outline"
          onClick={() => void printTags([tag], lotName)}
          aria-label={`Print ${label} made ${formatDateTime(tag.createdAt)}`}
        >
          Print QR
        </Button>
        <Button size="sm" variant="destructive" onClick={onRevoke} aria-label={`Revoke ${label} made ${formatDateTime(tag.createdAt)}`}>
          Revoke
        </Button>
      </div>
    </li>
  );
}

export function TagsDialog({ lot, onClose }: { lot: OwnerLot; onClose: () => void }) {
  const { data: tags, isPending, isError, error } = useQuery(ownerTagsQuery(lot.id));
  const create = useCreateTag(lot.id);
  const revoke = useRevokeTag(lot.id);
  const [revoking, setRevoking] = useState<OwnerTag | null>(null);
  const live = (tags ?? []).filter((tag): tag is OwnerTag & { url: string } => tag.url !== null);
  const revoked = (tags ?? []).filter((tag) => tag.revokedAt);
  const make = (kind: TagKind) =>
    create.mutate(kind, {
      onSuccess: () =>
        toast({ title: `${TAG_KIND_LABELS[kind]} tag made`, description: 'Write it to an NFC sticker, or print it as a QR sticker.' }),
      onError: (error) => toast({ title: 'Tag not made', description: error.message, variant: 'destructive' }),
    });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Tags · ${lot.name}`}>
      <div className="space-y-4">
        <p className="text-sm text-muted-foreground">
          A driver taps an entrance tag to check in on their reservation or monthly pass, and an exit tag to check out, paying from their
          wallet. Stick NFC tags or printed QR stickers where cars stop; no app is needed.
        </p>
        <div className="flex flex-wrap gap-2">
          {TAG_KINDS.map((kind) => (
            <Button key={kind} size="sm" disabled={create.isPending} onClick={() => make(kind)}>
              New {TAG_KIND_LABELS[kind].toLowerCase()} tag
            </Button>
          ))}
          {live.length > 1 && (
            <Button size="sm" variant="outline" onClick={() => void printTags(live, lot.name)}>
              Print all ({live.length})
            </Button>
          )}
        </div>
        {isError ? (
          <p role="alert" className="text-sm text-destructive">
            {error.message}
          </p>
        ) : isPending ? (
          <Spinner label="Loading tags" />
        ) : live.length === 0 ? (
          <p className="text-sm">No tags in use yet.</p>
        ) : (
          <ul className="divide-y divide-border">
            {live.map((tag) => (
              <TagRow key={tag.id} tag={tag} lotName={lot.name} onRevoke={() => setRevoking(tag)} />
            ))}
          </ul>
        )}
        {revoked.length > 0 && (
          <p className="text-xs text-muted-foreground">
            Revoked: {revoked.map((tag) => `${TAG_KIND_LABELS[tag.kind]} tag, ${formatDateTime(tag.revokedAt!)}`).join(' · ')}
          </p>
        )}
      </div>
      <ConfirmDialog
        open={!!revoking}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke Tag"
        description="Its NFC tag and QR stickers stop working at once. Make a new tag to replace it."
        confirmLabel="Revoke"
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => toast({ title: 'Tag revoked' }),
            onError: (error) => toast({ title: 'Tag not revoked', description: error.message, variant: 'destructive' }),
          })
        }
      />
    </Dialog>
  );
}
