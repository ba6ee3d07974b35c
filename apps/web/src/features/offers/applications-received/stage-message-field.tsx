import { DECLINE_TEMPLATES, STAGE_MESSAGE_MAX } from '@arena/shared/application.schema';

import { Field, fieldControlProps } from '../../../components/ui/field.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';

const MAX = STAGE_MESSAGE_MAX.toLocaleString('en-US');

/**
 * The message to the athlete, with a counter of what is left. When declining, a ready-made
 * template fills it first; the poster edits it before sending.
 */
export function StageMessageField({
  id,
  value,
  onChange,
  error,
  templates = false,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** Offer the decline templates. */
  templates?: boolean;
}) {
  const countId = `${id}-count`;
  const control = fieldControlProps(id, error);
  const template = DECLINE_TEMPLATES.find((candidate) => candidate.text === value);
  return (
    <div className="grid gap-3">
      {templates ? (
        <Field id={`${id}-template`} label="Template">
          <NativeSelect
            id={`${id}-template`}
            value={template?.label ?? ''}
            placeholder="Choose a template"
            onChange={(event) => {
              const chosen = DECLINE_TEMPLATES.find((t) => t.label === event.target.value);
              if (chosen) onChange(chosen.text);
            }}
          >
            {DECLINE_TEMPLATES.map((t) => (
              <option key={t.label} value={t.label}>
                {t.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
      ) : null}
      <Field id={id} label="Message to the athlete (optional)" error={error}>
        <Textarea
          {...control}
          aria-describedby={[control['aria-describedby'], countId].filter(Boolean).join(' ')}
          rows={4}
          maxLength={STAGE_MESSAGE_MAX}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
        <p id={countId} className="text-right text-xs text-slate-700">
          {value.length.toLocaleString('en-US')} / {MAX}
        </p>
      </Field>
    </div>
  );
}
