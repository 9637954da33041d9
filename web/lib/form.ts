/**
 * Forms checked by the request schemas of `core/`: a field's rule and its message are declared once,
 * for the server and the screen. A form whose shape differs from the request's (pesos typed,
 * centavos sent) has a form schema in `core/` that turns into the request and is checked by it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { get, useForm, type FieldErrors, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '../components/ui/toast-store';
import { ApiError } from './api';

/** A form over `schema`: its values are the schema's input, its submit handler gets the schema's output. */
export const useSchemaForm = <Input extends FieldValues, Output>(schema: z.ZodType<Output, Input>, defaultValues: Input) =>
  useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues: defaultValues as never });

/** The first message at or under an error (a field's own, or of a part of it such as one day of the hours). */
export function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string' && error.message) return error.message;
  for (const [key, nested] of Object.entries(error)) {
    // `ref` is the field's element: nothing to read there.
    const message = key === 'ref' ? undefined : messageOf(nested);
    if (message) return message;
  }
  return undefined;
}

/** For `handleSubmit`'s refusal: a toast with the first problem, beside the messages under the fields. */
export const toastFirstProblem = (title: string) => (errors: FieldErrors) =>
  toast({ title, description: messageOf(errors), variant: 'destructive' });

type Issue = { path: string; message: string };

const issuesOf = (error: Error): Issue[] => {
  const body = error instanceof ApiError && error.status === 400 ? error.body : undefined;
  const issues = body && typeof body === 'object' && 'issues' in body ? body.issues : [];
  return Array.isArray(issues) ? (issues as Issue[]) : [];
};

/**
 * Puts a refused request's 400 issues under the fields they name. The request's paths are the
 * form's, unless `fieldOf` says which field carries a path (centavos sent for pesos typed).
 */
export function showIssuesOnFields<Values extends FieldValues>(
  error: Error,
  form: Pick<UseFormReturn<Values>, 'getValues' | 'setError'>,
  fieldOf: (path: string) => string = (path) => path,
) {
  for (const issue of issuesOf(error)) {
    const field = fieldOf(issue.path) as Path<Values>;
    if (field && get(form.getValues(), field) !== undefined) form.setError(field, { type: 'server', message: issue.message });
  }
}

/** A registered text field that upper-cases what is typed (plates, slots, codes), in the field and in the form's value. */
export const upperCased = <Field extends { onChange: (event: { target: HTMLInputElement }) => unknown }>(field: Field): Field => ({
  ...field,
  onChange: (event: { target: HTMLInputElement }) => {
    event.target.value = event.target.value.toUpperCase();
    return field.onChange(event);
  },
});
