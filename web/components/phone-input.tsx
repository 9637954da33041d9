import { COUNTRY_CODES, maskMobile } from '../../core/signup';
import { Input, Select } from './ui/field';

/** Country code picker beside the masked local number (xxx-xxxxxxx), so every number arrives in one shape. */
export function PhoneInput({
  id,
  countryCode,
  number,
  onCountryCode,
  onNumber,
}: {
  id: string;
  countryCode: string;
  number: string;
  onCountryCode: (code: string) => void;
  onNumber: (number: string) => void;
}) {
  return (
    <div className="flex gap-2">
      <Select aria-label="Country code" className="w-24 shrink-0" value={countryCode} onChange={(e) => onCountryCode(e.target.value)}>
        {COUNTRY_CODES.map((code) => (
          <option key={code}>{code}</option>
        ))}
      </Select>
      <Input
        id={id}
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder="xxx-xxxxxxx"
        maxLength={11}
        value={number}
        onChange={(e) => onNumber(maskMobile(e.target.value))}
      />
    </div>
  );
}
