import type { ComponentProps, ReactNode } from 'react';

import { cx } from './class-names.ts';
import { Input } from './input.tsx';
import { Label } from './label.tsx';

/** The attributes a control needs to be tied to its label and its error message. */
export function fieldControlProps(id: string, error: string | undefined) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
}

/**
 * A Select's value from a form field that has none until chosen (the form's types say otherwise):
 * '' shows the placeholder.
 */
export function selectValue(value: string | undefined): string {
  return value ?? '';
}

/**
 * A labelled form control with its error message below. A required field's label carries a
 * star (hidden from screen readers, which hear the control's `required` instead).
 */
export function Field({
  id,
  label,
  error,
  required = false,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  required?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cx('grid content-start gap-1.5', className)}>
      <span className="flex items-baseline gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        {/* Outside the label, so that the control's name is the label's words alone. */}
        {required ? (
          <span className="text-sm text-red-700" aria-hidden>
            *
          </span>
        ) : null}
      </span>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled text input with its error message: `Field` around an `Input` tied to both. */
export function InputField({
  id,
  label,
  error,
  ...props
}: ComponentProps<'input'> & { id: string; label: string; error?: string | undefined }) {
  return (
    <Field id={id} label={label} error={error}>
      <Input {...fieldControlProps(id, error)} {...props} />
    </Field>
  );
}

/** A destructive notice: what went wrong, announced as soon as it appears. */
export function ErrorNotice({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
    >
      {children}
    </div>
  );
}
