import { CONTRACT_TYPES } from '@arena/shared/constants';
import type { ContractType } from '@arena/shared/constants';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router';

import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { cx, focusRing } from '../../../components/ui/class-names.ts';
import { Field, fieldControlProps, selectValue } from '../../../components/ui/field.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../components/ui/select.tsx';
import type { ApplyFormControl } from './apply-form-types.ts';

function isContractType(value: string): value is ContractType {
  return (CONTRACT_TYPES as readonly string[]).includes(value);
}

/** Willing to relocate: Yes or No, as two radio buttons. */
export function RelocateField({ id, control }: { id: string; control: ApplyFormControl }) {
  return (
    <Controller
      control={control}
      name="willingToRelocate"
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        return (
          <fieldset className="grid gap-1.5" aria-describedby={error ? `${id}-error` : undefined}>
            <legend className="mb-1.5 text-sm font-medium text-slate-800">
              Willing to relocate
              <span className="ml-0.5 text-red-700" aria-hidden>
                *
              </span>
            </legend>
            <div className="flex gap-3">
              {[true, false].map((value, index) => (
                <label
                  key={String(value)}
                  className="flex h-10 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm has-checked:border-blue-700 has-checked:bg-blue-50"
                >
                  <input
                    type="radio"
                    name={field.name}
                    ref={index === 0 ? field.ref : undefined}
                    checked={field.value === value}
                    aria-invalid={error ? true : undefined}
                    onChange={() => field.onChange(value)}
                    onBlur={field.onBlur}
                    className={cx('size-4 accent-blue-700', focusRing)}
                  />
                  {value ? 'Yes' : 'No'}
                </label>
              ))}
            </div>
            {error ? (
              <p id={`${id}-error`} className="text-sm text-red-700">
                {error}
              </p>
            ) : null}
          </fieldset>
        );
      }}
    />
  );
}

/** Desired contract duration: Short-Term, Full Season or Multi-Year. */
export function ContractDurationField({ id, control }: { id: string; control: ApplyFormControl }) {
  return (
    <Controller
      control={control}
      name="desiredContractDuration"
      render={({ field, fieldState }) => (
        <Field id={id} label="Desired contract duration" error={fieldState.error?.message} required>
          <Select
            name={field.name}
            value={selectValue(field.value)}
            onValueChange={(value) => {
              if (isContractType(value)) field.onChange(value);
            }}
          >
            <SelectTrigger
              {...fieldControlProps(id, fieldState.error?.message)}
              ref={field.ref}
              onBlur={field.onBlur}
              aria-required
            >
              <SelectValue placeholder="Select a duration" />
            </SelectTrigger>
            <SelectContent>
              {CONTRACT_TYPES.map((type) => (
                <SelectItem key={type} value={type}>
                  {type}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
      )}
    />
  );
}

/** The two consents, both required; a missing one is reported in the form's notice. */
export function ConsentFields({
  idPrefix,
  control,
  organization,
}: {
  idPrefix: string;
  control: ApplyFormControl;
  organization: string;
}) {
  const consents = [
    {
      name: 'consentPrivacyPolicy',
      label: (
        <>
          I have read and agree to the{' '}
          <Link
            to="/privacy-policy"
            target="_blank"
            rel="noopener"
            className={cx('font-semibold text-blue-800 underline', focusRing)}
          >
            Privacy Policy
          </Link>{' '}
          and the processing of my personal data for this application.
        </>
      ),
    },
    {
      name: 'consentDataSharing',
      label: `I agree to share my application details and CV with ${organization}.`,
    },
  ] as const;
  return (
    <div className="grid gap-3">
      {consents.map(({ name, label }) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field, fieldState }) => (
            <div className="flex items-start gap-3">
              <Checkbox
                id={`${idPrefix}-${name}`}
                ref={field.ref}
                checked={(field.value as boolean | undefined) === true}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                aria-invalid={fieldState.invalid || undefined}
                aria-required
                className="mt-0.5"
              />
              <label htmlFor={`${idPrefix}-${name}`} className="text-sm text-slate-800">
                {label}
              </label>
            </div>
          )}
        />
      ))}
    </div>
  );
}
