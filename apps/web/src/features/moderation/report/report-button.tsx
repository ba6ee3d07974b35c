import { Flag } from 'lucide-react';
import { useRef, useState } from 'react';

import { Button } from '../../../components/ui/button.tsx';
import type { ReportSubject } from './report-dialog.tsx';
import { ReportDialog } from './report-dialog-loader.tsx';

/**
 * Report someone else's item: a flag (`label` is its name, e.g. 'Report comment'), or the words
 * themselves (`showLabel`), opening the Report dialog.
 */
export function ReportButton({
  subject,
  label,
  showLabel = false,
  className,
}: {
  subject: ReportSubject;
  label: string;
  showLabel?: boolean;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={trigger}
        variant={showLabel ? 'outline' : 'ghost'}
        size={showLabel ? 'sm' : 'icon'}
        aria-label={showLabel ? undefined : label}
        className={className}
        onClick={() => setOpen(true)}
      >
        <Flag className={showLabel ? 'size-4' : 'size-3.5'} aria-hidden />
        {showLabel ? label : null}
      </Button>
      <ReportDialog subject={subject} open={open} onOpenChange={setOpen} returnFocus={trigger} />
    </>
  );
}
