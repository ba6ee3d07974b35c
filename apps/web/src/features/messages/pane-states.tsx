import type { LucideIcon } from 'lucide-react';

import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';

// What the Messages side pane shows besides its list: loading, a failure to retry, nothing yet.

export function PaneLoading({ label }: { label: string }) {
  return (
    <div className="grid flex-1 place-items-center p-6">
      <Spinner label={label} showLabel />
    </div>
  );
}

export function PaneLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="grid flex-1 place-items-center p-6 text-center">
      <div className="grid justify-items-center gap-3">
        <p role="alert" className="text-slate-800">
          {message}
        </p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </div>
  );
}

export function PaneEmpty({ icon: Icon, message }: { icon: LucideIcon; message: string }) {
  return (
    <div className="grid flex-1 place-items-center p-6 text-center">
      <div className="grid justify-items-center gap-3">
        <span className="grid size-12 place-items-center rounded-full bg-blue-50 text-blue-800">
          <Icon className="size-6" aria-hidden />
        </span>
        <p className="text-slate-700">{message}</p>
      </div>
    </div>
  );
}
