import type { ReactNode } from 'react';
import { useId } from 'react';

import { Card, CardContent, CardHeader } from '../../components/ui/card.tsx';

/** One titled card of /settings; its heading names the region for screen readers. */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  /** An anchor, so a link can open /settings#id at this section. */
  id?: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card id={id} role="region" aria-labelledby={headingId} className="scroll-mt-20">
      <CardHeader>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {description ? <p className="text-sm text-slate-700">{description}</p> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
