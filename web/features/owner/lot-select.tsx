import type { SelectHTMLAttributes } from 'react';
import { Select } from '../../components/ui/field';

/**
 * The owner's lot picker (dashboard, reports, pricing). With `allLabel`, the empty value stands for
 * every lot; `onPick` receives the lot id, or '' for all of them.
 */
export function LotSelect({
  lots,
  value,
  onPick,
  allLabel,
  ...props
}: { lots: ReadonlyArray<{ id: string; name: string }>; value: string; onPick: (lotId: string) => void; allLabel?: string } & Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'value' | 'onChange'
>) {
  return (
    <Select value={value} onChange={(e) => onPick(e.target.value)} {...props}>
      {allLabel && <option value="">{allLabel}</option>}
      {lots.map((lot) => (
        <option key={lot.id} value={lot.id}>
          {lot.name}
        </option>
      ))}
    </Select>
  );
}
