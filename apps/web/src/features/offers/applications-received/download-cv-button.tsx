import { MESSAGES } from '@arena/shared/messages';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';

import { Button } from '../../../components/ui/button.tsx';
import { useSessionManager } from '../../../lib/session/session-context.tsx';
import { fetchCvUrl } from '../application-queries.ts';

/**
 * Opens the CV in a new tab through a signed link valid for an hour. The tab is opened at the
 * click, before the link is fetched, so that popup blockers see the user's gesture.
 */
export function DownloadCvButton({ applicationId }: { applicationId: string }) {
  const session = useSessionManager();
  const [busy, setBusy] = useState(false);

  async function open() {
    const tab = window.open('', '_blank');
    // The new tab must not reach back into Arena.
    if (tab) tab.opener = null;
    setBusy(true);
    try {
      const { url } = await fetchCvUrl(session, applicationId);
      if (tab) tab.location.href = url;
      else window.open(url, '_blank', 'noopener');
    } catch {
      tab?.close();
      toast.error(MESSAGES.application.cvDownloadFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant="outline" size="sm" disabled={busy} onClick={() => void open()}>
      <Download className="size-4" aria-hidden />
      Download CV
    </Button>
  );
}
