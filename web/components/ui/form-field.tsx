import { cloneElement, isValidElement, type ComponentProps, type ReactElement } from 'react';
import { messageOf } from '../../lib/form';
import { Field } from './field';

/** A problem with a field, in the words of the schema that found it. */
export const FieldProblem = ({ id, error }: { id?: string; error: unknown }) => {
  const message = messageOf(error);
  return message ? (
    <p id={id} className="text-xs text-destructive">
      {message}
    </p>
  ) : null;
};

/** A labelled control with its problem under it, which screen readers hear with the control. */
export function FormField({ error, children, ...field }: ComponentProps<typeof Field> & { error: unknown }) {
  const id = `${field.htmlFor}-problem`;
  const invalid = messageOf(error) !== undefined;
  const control =
    invalid && isValidElement(children)
      ? cloneElement(children as ReactElement<Record<string, unknown>>, { 'aria-invalid': true, 'aria-describedby': id })
      : children;
  return (
    <Field {...field}>
      {control}
      <FieldProblem id={id} error={error} />
    </Field>
  );
}
