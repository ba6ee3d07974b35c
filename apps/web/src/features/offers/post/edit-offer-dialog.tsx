import type { Offer } from '@arena/shared/offer.schema';
import { Pencil } from 'lucide-react';
import { useState } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { PostOfferForm } from './post-offer-form.tsx';

/** Edit: the post form again, filled with the offer; its applicants hear that it changed. */
export function EditOfferDialog({ offer }: { offer: Offer }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" aria-label={`Edit ${offer.title}`}>
          <Pencil className="size-4" aria-hidden />
          Edit
        </Button>
      </DialogTrigger>
      <DialogContent title="Edit Offer" description={offer.title} className="max-w-2xl">
        <PostOfferForm offer={offer} onSaved={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
