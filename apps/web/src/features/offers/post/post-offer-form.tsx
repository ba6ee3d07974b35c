import { MESSAGES } from '@arena/shared/messages';
import type { Offer } from '@arena/shared/offer.schema';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';

import { useCreateOfferMutation, useUpdateOfferMutation } from '../offer-queries.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { DialogClose } from '../../../components/ui/dialog.tsx';
import { Field, fieldControlProps } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { OfferSelectField } from './offer-select-field.tsx';
import {
  CONTRACT_OPTIONS,
  EMPTY_OFFER,
  offerFormValues,
  postOfferFormSchema,
  SPORT_OPTIONS,
} from './post-offer-values.ts';
import type { PostOfferInput, PostOfferValues } from './post-offer-values.ts';

type TextName = Exclude<keyof PostOfferInput, 'sport' | 'contractType'>;

const OPTIONAL: readonly TextName[] = ['leagueLevel', 'requirements', 'deadline', 'places'];

/**
 * 'Post Athlete Offer': on success the form clears and 'Your Posted Offers' reloads. Given an
 * `offer`, the same form edits it (inside its Edit dialog): prefilled, saved with PUT.
 */
export function PostOfferForm({ offer, onSaved }: { offer?: Offer; onSaved?: () => void }) {
  const create = useCreateOfferMutation();
  const update = useUpdateOfferMutation();
  const form = useForm<PostOfferInput, unknown, PostOfferValues>({
    resolver: zodResolver(postOfferFormSchema),
    defaultValues: offer ? offerFormValues(offer) : EMPTY_OFFER,
  });
  const { errors } = form.formState;
  const busy = create.isPending || update.isPending;
  const ID = offer ? 'edit-offer' : 'post-offer';

  function onValid(values: PostOfferValues) {
    const onError = (error: Error) => {
      toast.error('Error', { description: error.message });
    };
    if (offer) {
      update.mutate(
        { id: offer.id, input: values },
        {
          onSuccess: () => {
            toast.success('Offer updated');
            onSaved?.();
          },
          onError,
        },
      );
      return;
    }
    create.mutate(values, {
      onSuccess: () => {
        toast.success('Success', { description: MESSAGES.offer.posted });
        form.reset(EMPTY_OFFER);
      },
      onError,
    });
  }

  function field(
    name: TextName,
    label: string,
    options: { multiline?: boolean; type?: 'datetime-local' | 'number' } = {},
  ) {
    const id = `${ID}-${name}`;
    const required = !OPTIONAL.includes(name);
    const message = errors[name]?.message;
    const props = { ...fieldControlProps(id, message), required, ...form.register(name) };
    return (
      <Field id={id} label={label} error={message} required={required}>
        {options.multiline ? (
          <Textarea rows={5} {...props} />
        ) : options.type === 'number' ? (
          <Input type="number" inputMode="numeric" min={1} max={999} step={1} {...props} />
        ) : (
          <Input type={options.type ?? 'text'} {...props} />
        )}
      </Field>
    );
  }

  const body = (
    <form
      noValidate
      {...(offer
        ? { 'aria-label': `Edit ${offer.title}` }
        : { 'aria-labelledby': `${ID}-heading` })}
      onSubmit={form.handleSubmit(onValid)}
      className={offer ? 'grid gap-4' : 'mt-4 grid gap-4'}
    >
      {field('title', 'Offer Title')}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('organizationName', 'Organization Name')}
        {field('location', 'Location')}
        {field('leagueLevel', 'League Level')}
        <OfferSelectField
          id={`${ID}-sport`}
          name="sport"
          label="Sport"
          placeholder="Select a sport"
          options={SPORT_OPTIONS}
          control={form.control}
        />
        {field('positions', 'Position(s)')}
        <OfferSelectField
          id={`${ID}-contract`}
          name="contractType"
          label="Contract Type"
          placeholder="Select a contract type"
          options={CONTRACT_OPTIONS}
          control={form.control}
        />
      </div>
      {field('salary', 'Salary / Compensation')}
      {field('description', 'Description', { multiline: true })}
      {field('requirements', 'Requirements', { multiline: true })}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('deadline', 'Application deadline', { type: 'datetime-local' })}
        {field('places', 'Places', { type: 'number' })}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {offer ? (
          <DialogClose asChild>
            <Button type="button" variant="secondary" disabled={busy}>
              Cancel
            </Button>
          </DialogClose>
        ) : (
          <Button variant="outline" asChild>
            <Link to="/offers">View All Offers</Link>
          </Button>
        )}
        <Button type="submit" disabled={busy}>
          {submitLabel(Boolean(offer), busy)}
        </Button>
      </div>
    </form>
  );
  return offer ? body : <NewOfferCard>{body}</NewOfferCard>;
}

function submitLabel(editing: boolean, busy: boolean): string {
  if (editing) return busy ? 'Saving...' : 'Save Changes';
  return busy ? 'Posting...' : 'Post Offer';
}

function NewOfferCard({ children }: { children: ReactNode }) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 id="post-offer-heading" className="text-lg font-semibold text-slate-900">
        Post Athlete Offer
      </h2>
      {children}
    </Card>
  );
}
