import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../core/time';
import { Field, Select } from '../../components/ui/field';
import { rewardsQuery } from '../../lib/rewards';

/** The driver's unused free-hour vouchers to choose one from (docs/wallet.md, Rewards); nothing when they have none. */
export function VoucherField({
  id,
  value,
  onChange,
  hint,
}: {
  id: string;
  value: string;
  onChange: (voucherId: string) => void;
  hint?: string;
}) {
  const vouchers = (useQuery(rewardsQuery).data?.vouchers ?? []).filter((voucher) => voucher.state === 'unused');
  if (vouchers.length === 0) return null;
  return (
    <Field label="Free-hour voucher" htmlFor={id} hint={hint}>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Don't use a voucher</option>
        {vouchers.map((voucher) => (
          <option key={voucher.id} value={voucher.id}>
            One free hour (use by {formatDateTime(voucher.expiresAt)})
          </option>
        ))}
      </Select>
    </Field>
  );
}
