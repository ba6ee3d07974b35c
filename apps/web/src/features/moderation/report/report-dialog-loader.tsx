import { lazy, Suspense, useState } from 'react';
import type { ComponentProps } from 'react';

/**
 * The dialog and its form load at the first Report, not with the feed, the profile or the
 * conversation, and stay mounted after it (so that closing gives focus back).
 */
const LazyReportDialog = lazy(() =>
  import('./report-dialog.tsx').then((module) => ({ default: module.ReportDialog })),
);

export function ReportDialog(props: ComponentProps<typeof LazyReportDialog>) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <LazyReportDialog {...props} />
    </Suspense>
  );
}
