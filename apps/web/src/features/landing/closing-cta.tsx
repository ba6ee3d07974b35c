import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';

import { Button } from '../../components/ui/button.tsx';

export function ClosingCta() {
  return (
    <section
      aria-labelledby="closing-cta"
      className="bg-white [contain-intrinsic-size:auto_560px] [content-visibility:auto]"
    >
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-blue-800 via-blue-700 to-indigo-800 px-6 py-14 text-center text-white sm:px-12">
          <div
            aria-hidden
            className="absolute -top-20 -left-20 size-72 rounded-full bg-white/10 blur-2xl"
          />
          <h2 id="closing-cta" className="relative text-3xl font-bold tracking-tight sm:text-4xl">
            Join your professional sports community today
          </h2>
          <p className="relative mx-auto mt-4 max-w-xl text-lg text-blue-50">
            Create your free profile in minutes and start connecting with the people who can take
            your game further.
          </p>
          <Button asChild variant="inverse" size="lg" className="relative mt-8">
            <Link to="/auth?tab=signup">
              Get started
              <ArrowRight className="size-5" aria-hidden />
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
