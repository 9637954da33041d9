/** The owner's merchant forms: registering a merchant (and its cashier's link), and issuing a batch of codes. */
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useWatch, type FieldErrors, type UseFormRegisterReturn } from 'react-hook-form';
import {
  codeBatchFormSchema,
  codeBatchFormValues,
  merchantFormSchema,
  merchantFormValues,
  type WorthKind,
} from '../../../core/validation-form-input';
import { Button } from '../../components/ui/button';
import { Field, Input, Select } from '../../components/ui/field';
import { FormField } from '../../components/ui/form-field';
import { toast } from '../../components/ui/toast-store';
import { showIssuesOnFields, toastFirstProblem, useSchemaForm } from '../../lib/form';
import { merchantLinkUrl, type CodeBatch, type MerchantSummary, type useMerchantActions } from '../../lib/validations';

type MerchantActions = ReturnType<typeof useMerchantActions>;

export const failed = (title: string) => (error: Error) => toast({ title, description: error.message, variant: 'destructive' });

/** What a validation is worth: hours free or pesos off, and how many. */
function WorthFields({
  id,
  kind,
  kindField,
  valueField,
  error,
}: {
  id: string;
  kind: WorthKind;
  kindField: UseFormRegisterReturn;
  valueField: UseFormRegisterReturn;
  error: unknown;
}) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <Field label="Worth" htmlFor={`${id}-kind`}>
        <Select id={`${id}-kind`} {...kindField}>
          <option value="hours">Hours free</option>
          <option value="pesos">Pesos off</option>
        </Select>
      </Field>
      <FormField label={kind === 'hours' ? 'Hours' : 'Amount (₱)'} htmlFor={`${id}-value`} error={error}>
        <Input id={`${id}-value`} type="number" min={1} step={kind === 'hours' ? 1 : 0.01} {...valueField} />
      </FormField>
    </div>
  );
}

/** A merchant link's address, shown once after it is made (only its hash is kept). */
export function NewLink({ token, onDone }: { token: string; onDone: () => void }) {
  const url = merchantLinkUrl(token);
  return (
    <div role="status" className="space-y-2 rounded-lg border border-green-600 p-3 text-sm">
      <p className="font-semibold">Merchant link made. Send it to the merchant's cashier now: it is shown only once.</p>
      <p className="break-all font-mono" data-testid="merchant-link">
        {url}
      </p>
      <div className="flex gap-2">
        <Button size="sm" variant="outline" onClick={() => void navigator.clipboard?.writeText(url)}>
          Copy link
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

/** Registers a merchant at the lot, with its cashier's link if asked for (shown once, below the form). */
export function RegisterMerchantForm({ lotName, actions }: { lotName: string; actions: MerchantActions }) {
  const form = useSchemaForm(merchantFormSchema, merchantFormValues);
  const [withLink, linkKind] = useWatch({ control: form.control, name: ['withLink', 'link.kind'] });
  const [shownToken, setShownToken] = useState<string | null>(null);
  const { errors } = form.formState;
  const register = form.handleSubmit(
    (json) =>
      actions.register.mutate(json, {
        onSuccess: ({ linkToken }) => {
          toast({ title: 'Merchant Registered', description: `${json.name} can now validate parking at ${lotName}.` });
          form.resetField('name');
          form.resetField('perStayCapCents');
          setShownToken(linkToken);
        },
        onError: (error) => {
          showIssuesOnFields(error, form);
          failed('Merchant Not Registered')(error);
        },
      }),
    toastFirstProblem('Merchant Not Registered'),
  );
  return (
    <>
      <form noValidate className="space-y-4" onSubmit={register}>
        <FormField label="Merchant name" htmlFor="merchant-name" error={errors.name}>
          <Input id="merchant-name" placeholder="Jollibee Ayala" {...form.register('name')} />
        </FormField>
        <FormField
          label="Per-stay cap (₱, optional)"
          htmlFor="merchant-cap"
          hint="The most this merchant's validations take off one stay."
          error={errors.perStayCapCents}
        >
          <Input id="merchant-cap" type="number" min={1} step={0.01} {...form.register('perStayCapCents')} />
        </FormField>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" {...form.register('withLink')} /> Also make a merchant link for its cashier
        </label>
        {withLink && (
          <WorthFields
            id="merchant-link"
            kind={linkKind}
            kindField={form.register('link.kind')}
            valueField={form.register('link.value')}
            error={errors.link}
          />
        )}
        <Button type="submit" className="w-full" disabled={actions.register.isPending}>
          <Plus aria-hidden className="h-4 w-4" /> Register Merchant
        </Button>
      </form>
      {shownToken && (
        <div className="mt-4">
          <NewLink token={shownToken} onDone={() => setShownToken(null)} />
        </div>
      )}
    </>
  );
}

/** Issues a batch of single-use codes for one merchant; the batch made is handed to `onIssued`. */
export function IssueCodesForm({
  merchant,
  actions,
  onIssued,
}: {
  merchant: MerchantSummary;
  actions: MerchantActions;
  onIssued: (batch: CodeBatch) => void;
}) {
  const form = useSchemaForm(codeBatchFormSchema, codeBatchFormValues(Date.now()));
  const kind = useWatch({ control: form.control, name: 'kind' });
  // The request's worth is `hours` or `amountCents`, both typed in the one value field.
  const errors: FieldErrors = form.formState.errors;
  const id = `m-${merchant.id.slice(0, 8)}`;
  const issue = form.handleSubmit(
    (json) =>
      actions.codes.mutate(
        { merchantId: merchant.id, ...json },
        {
          onSuccess: (made) => {
            onIssued(made);
            toast({ title: 'Codes Issued', description: `${made.codes.length} single-use codes for ${merchant.name}.` });
          },
          onError: failed('Codes Not Issued'),
        },
      ),
    toastFirstProblem('Codes Not Issued'),
  );
  return (
    <form
      noValidate
      className="grid grid-cols-1 items-end gap-3 sm:grid-cols-[6rem_1fr_10rem_auto]"
      onSubmit={issue}
      aria-label={`Issue codes for ${merchant.name}`}
    >
      <FormField label="Codes" htmlFor={`${id}-count`} error={errors.count}>
        <Input id={`${id}-count`} type="number" min={1} max={500} {...form.register('count')} />
      </FormField>
      <WorthFields
        id={id}
        kind={kind}
        kindField={form.register('kind')}
        valueField={form.register('value')}
        error={errors.hours ?? errors.amountCents}
      />
      <FormField label="Valid until" htmlFor={`${id}-expires`} error={errors.expiresAt}>
        <Input id={`${id}-expires`} type="date" {...form.register('expires')} />
      </FormField>
      <Button type="submit" disabled={actions.codes.isPending}>
        Issue Codes
      </Button>
    </form>
  );
}
