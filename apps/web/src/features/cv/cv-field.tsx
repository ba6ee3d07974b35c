import type { ReactElement } from 'react';
import { cloneElement } from 'react';

import { ErrorNotice, Field, fieldControlProps } from '../../components/ui/field.tsx';

/**
 * The design system's labelled field, handing its one control the id, `aria-invalid` and
 * `aria-describedby` that tie it to the label and the error message.
 */
export function CvField({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  className?: string;
  children: ReactElement<Record<string, unknown>>;
}) {
  return (
    <Field id={id} label={label} error={error} className={className}>
      {cloneElement(children, fieldControlProps(id, error))}
    </Field>
  );
}

/** A failure reported by the server, shown where the section is. */
export function CvError({ message }: { message: string | null | undefined }) {
  return message ? <ErrorNotice>{message}</ErrorNotice> : null;
}
