import { CAMP_LEVEL_LABELS, CAMP_MESSAGES } from '@arena/shared/camp.schema';
import type { Camp } from '@arena/shared/camp.schema';
import {
  CAMP_LEVELS,
  CURRENCIES,
  LISTING_LIMITS,
  SPORT_LABELS,
  SPORTS,
} from '@arena/shared/constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { Path, UseFormRegisterReturn } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';

import { Button } from '../../../components/ui/button.tsx';
import { Field, fieldControlProps } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ApiRequestError } from '../../../lib/http/api-error.ts';
import { useSessionManager } from '../../../lib/session/session-context.tsx';
import { uploadPostMedia } from '../../feed/composer/post-media-upload.ts';
import { useSaveCampMutation } from '../camp-queries.ts';
import { CampImageField } from './camp-image-field.tsx';
import type { CampPhoto } from './camp-image-field.tsx';
import { EMPTY_CAMP, campFormSchema, campFormValues } from './camp-form-values.ts';
import type { CampFormInput, CampFormValues } from './camp-form-values.ts';

type Name = Exclude<Path<CampFormInput>, 'online'>;
const NAMES = Object.keys(EMPTY_CAMP) as Name[];
const L = LISTING_LIMITS;

type ControlProps = ReturnType<typeof fieldControlProps> &
  UseFormRegisterReturn & { required: boolean };
type InputAttributes = ComponentProps<'input'>;
type Options = readonly { value: string; label: string }[];

const SPORT_OPTIONS = SPORTS.map((sport) => ({ value: sport, label: SPORT_LABELS[sport] }));
const LEVEL_OPTIONS = CAMP_LEVELS.map((level) => ({
  value: level,
  label: CAMP_LEVEL_LABELS[level],
}));
const CURRENCY_OPTIONS = CURRENCIES.map((currency) => ({ value: currency, label: currency }));

/**
 * A camp's form, every field of `createCampSchema`, checked by it before sending; the server's
 * refusals land on their fields. New, it posts; given a `camp`, it saves its changes. Either way
 * the camp's page opens with a toast.
 */
export function CampForm({ camp }: { camp?: Camp }) {
  const save = useSaveCampMutation();
  const session = useSessionManager();
  const navigate = useNavigate();
  const form = useForm<CampFormInput, unknown, CampFormValues>({
    resolver: zodResolver(campFormSchema),
    defaultValues: camp ? campFormValues(camp) : EMPTY_CAMP,
  });
  const [photo, setPhoto] = useState<CampPhoto>(
    camp?.image ? { kind: 'kept', url: camp.image.url } : null,
  );
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  const { errors } = form.formState;
  const online = form.watch('online');
  const busy = uploading || save.isPending;
  const ID = camp ? 'edit-camp' : 'new-camp';

  function showRefusal(error: Error) {
    const fields = error instanceof ApiRequestError ? error.fields : undefined;
    let placed = false;
    for (const [key, message] of Object.entries(fields ?? {})) {
      if (key === 'imageUploadId') {
        setPhotoError(message);
        placed = true;
      } else if (key === 'online' || NAMES.includes(key as Name)) {
        form.setError(key as Name | 'online', { message }, { shouldFocus: !placed });
        placed = true;
      }
    }
    if (!placed) toast.error(error.message);
  }

  async function onValid(values: CampFormValues) {
    setPhotoError(undefined);
    let imageUploadId: string | null = null;
    if (photo?.kind === 'new') {
      setUploading(true);
      try {
        const upload = await uploadPostMedia(session, photo.media.file, photo.media.fileName);
        imageUploadId = upload.id;
      } catch (error) {
        setPhotoError(error instanceof Error ? error.message : String(error));
        return;
      } finally {
        setUploading(false);
      }
    }
    const input = { ...values, imageUploadId };
    save.mutate(
      camp
        ? { id: camp.id, input: { ...input, removeImage: photo === null && camp.image !== null } }
        : { id: null, input },
      {
        onSuccess: (saved) => {
          toast.success(camp ? CAMP_MESSAGES.updated : CAMP_MESSAGES.posted);
          void navigate(`/sport-camps/${encodeURIComponent(saved.id)}`);
        },
        onError: showRefusal,
      },
    );
  }

  /** A labelled control tied to its field of the form and to its error message. */
  function field(
    name: Name,
    label: string,
    render: (props: ControlProps) => ReactNode,
    required = false,
  ) {
    const id = `${ID}-${name}`;
    const message = errors[name]?.message;
    return (
      <Field id={id} label={label} error={message} required={required}>
        {render({ ...fieldControlProps(id, message), required, ...form.register(name) })}
      </Field>
    );
  }
  const text = (name: Name, label: string, max: number, required = false) =>
    field(name, label, (props) => <Input maxLength={max} {...props} />, required);
  const area = (name: Name, label: string, max: number, required = false) =>
    field(name, label, (props) => <Textarea rows={5} maxLength={max} {...props} />, required);
  const input = (name: Name, label: string, attributes: InputAttributes, required = false) =>
    field(name, label, (props) => <Input {...attributes} {...props} />, required);
  const select = (name: Name, label: string, options: Options, placeholder?: string) =>
    field(
      name,
      label,
      (props) => (
        <NativeSelect placeholder={placeholder} {...props}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      ),
      placeholder !== undefined,
    );
  const whole = { type: 'number', inputMode: 'numeric', step: 1 } as const;

  return (
    <form
      noValidate
      aria-label={camp ? `Edit ${camp.title}` : 'Post a camp'}
      onSubmit={form.handleSubmit(onValid)}
      className="grid gap-4"
    >
      {text('title', 'Camp title', L.title, true)}
      <div className="grid gap-4 sm:grid-cols-3">
        {select('sport', 'Sport', SPORT_OPTIONS, 'Select a sport')}
        {text('organizer', 'Organiser', L.name, true)}
        {select('level', 'Level', LEVEL_OPTIONS, 'Select a level')}
      </div>
      {area('description', 'Description', L.description, true)}
      <label className="flex w-fit items-center gap-3 text-sm font-medium text-slate-900">
        <input
          type="checkbox"
          role="switch"
          className="size-5 accent-blue-700"
          {...form.register('online')}
        />
        Online camp
      </label>
      {online ? null : (
        <div className="grid gap-4 sm:grid-cols-3">
          {text('venue', 'Venue', L.venue, true)}
          {text('city', 'City', L.place, true)}
          {text('country', 'Country', L.place, true)}
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {input('startsOn', 'Start date', { type: 'date' }, true)}
        {input('endsOn', 'End date', { type: 'date' }, true)}
        {input('ageMin', 'Youngest age', { ...whole, min: L.ageMin, max: L.ageMax })}
        {input('ageMax', 'Oldest age', { ...whole, min: L.ageMin, max: L.ageMax })}
        {input('price', 'Price (empty or 0: free)', {
          type: 'number',
          inputMode: 'decimal',
          min: 0,
          step: 0.01,
        })}
        {select('currency', 'Currency', CURRENCY_OPTIONS)}
        {input('capacity', 'Capacity (places)', { ...whole, min: 1, max: L.capacityMax }, true)}
        {input('registrationDeadline', 'Registration deadline', { type: 'datetime-local' })}
      </div>
      {area('whatToBring', 'What to bring', L.text)}
      {text('contact', 'Contact', L.short, true)}
      <CampImageField value={photo} onChange={setPhoto} error={photoError} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" asChild>
          <Link to={camp ? `/sport-camps/${encodeURIComponent(camp.id)}` : '/sport-camps'}>
            Cancel
          </Link>
        </Button>
        <Button type="submit" disabled={busy}>
          {camp ? (busy ? 'Saving...' : 'Save changes') : busy ? 'Posting...' : 'Post camp'}
        </Button>
      </div>
    </form>
  );
}
