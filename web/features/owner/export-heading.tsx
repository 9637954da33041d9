import { Download, FileText } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';

/**
 * An owner screen's title with its Export CSV and Generate PDF: null while there is nothing to
 * export. The PDF is made on the click (its module loads then); a failure is said, never thrown.
 */
export function ExportHeading({ title, csv, pdf }: { title: string; csv: (() => void) | null; pdf: (() => Promise<void>) | null }) {
  const [making, setMaking] = useState(false);
  const generate = async () => {
    if (!pdf) return;
    setMaking(true);
    try {
      await pdf();
    } catch (failure) {
      toast({ title: 'PDF Not Made', description: failure instanceof Error ? failure.message : 'Try again.', variant: 'destructive' });
    } finally {
      setMaking(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-3xl font-bold">{title}</h1>
      <div className="flex gap-2">
        <Button variant="outline" onClick={() => csv?.()} disabled={!csv}>
          <Download className="h-4 w-4" aria-hidden /> Export CSV
        </Button>
        <Button onClick={generate} disabled={!pdf || making}>
          <FileText className="h-4 w-4" aria-hidden /> Generate PDF
        </Button>
      </div>
    </div>
  );
}
