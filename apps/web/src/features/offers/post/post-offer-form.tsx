import { createOfferSchema } from '@arena/shared/offer.schema';
import type { CreateOfferInput } from '@arena/shared/offer.schema';
import { MESSAGES } from '@arena/shared/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';

import { useCreateOfferMutation } from '../offer-queries.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, fieldControlProps } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { OfferSelectField } from './offer-select-field.tsx';
import { CONTRACT_OPTIONS, EMPTY_OFFER, SPORT_OPTIONS } from './post-offer-values.ts';
import type { PostOfferValues } from './post-offer-values.ts';

type TextName = Exclude<keyof CreateOfferInput, 'sport' | 'contractType'>;

const ID = 'post-offer';

/** 'Post Athlete Offer': on success the form clears and 'Your Posted Offers' reloads. */
export function PostOfferForm() {
  const create = useCreateOfferMutation();
  const form = useForm<CreateOfferInput, unknown, PostOfferValues>({
    resolver: zodResolver(createOfferSchema),
    defaultValues: EMPTY_OFFER,
  });
  const { errors } = form.formState;
  const busy = create.isPending;

  function onValid(values: PostOfferValues) {
    create.mutate(values, {
      onSuccess: () => {
        toast.success('Success', { description: MESSAGES.offer.posted });
        form.reset(EMPTY_OFFER);
      },
      onError: (error) => {
        toast.error('Error', { description: error.message });
      },
    });
  }

  function field(name: TextName, label: string, options: { multiline?: boolean } = {}) {
    const id = `${ID}-${name}`;
    const required = name !== 'leagueLevel' && name !== 'requirements';
    const message = errors[name]?.message;
    const props = { ...fieldControlProps(id, message), required, ...form.register(name) };
    return (
      <Field id={id} label={label} error={message} required={required}>
        {options.multiline ? <Textarea rows={5} {...props} /> : <Input {...props} />}
      </Field>
    );
  }

  return (
    <Card className="p-5 sm:p-6">
      <h2 id={`${ID}-heading`} className="text-lg font-semibold text-slate-900">
        Post Athlete Offer
      </h2>
      <form
        noValidate
        aria-labelledby={`${ID}-heading`}
        onSubmit={form.handleSubmit(onValid)}
        className="mt-4 grid gap-4"
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
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" asChild>
            <Link to="/offers">View All Offers</Link>
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Posting...' : 'Post Offer'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
