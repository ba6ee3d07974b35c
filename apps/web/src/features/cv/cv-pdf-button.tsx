import type { SessionUser } from '@arena/shared/auth.schema';
import { MESSAGES } from '@arena/shared/messages';
import { useMutation } from '@tanstack/react-query';
import { FileDown } from 'lucide-react';
import { toast } from 'sonner';

import { Button } from '../../components/ui/button.tsx';
import { saveFile } from '../../lib/files/save-file.ts';
import { ApiRequestError } from '../../lib/http/api-error.ts';
import { request } from '../../lib/http/request.ts';
import { useSessionManager } from '../../lib/session/session-context.tsx';

/**
 * Who may download an athlete's CV as a PDF (the server decides; this only hides the button from
 * others): the athlete, verified clubs, agents and coaches, and admins.
 */
export function canDownloadCv(reader: SessionUser | null, athleteUsername: string): boolean {
  if (!reader) return false;
  if (reader.profile.username.toLowerCase() === athleteUsername.toLowerCase()) return true;
  if (reader.roles.includes('admin')) return true;
  return reader.profile.verified && reader.profile.userType !== 'player';
}

/** "Download CV (PDF)": the server draws it; it is saved as `{username}-cv.pdf`. */
export function CvPdfButton({
  username,
  variant = 'outline',
  size = 'md',
}: {
  username: string;
  variant?: 'outline' | 'secondary';
  size?: 'sm' | 'md';
}) {
  const session = useSessionManager();
  const download = useMutation({
    mutationFn: async () => {
      const answer = await request(`/api/profiles/${encodeURIComponent(username)}/cv.pdf`, {
        session,
        binary: true,
      });
      // `binary`: a successful answer's body is the file (transport.ts).
      saveFile(answer.body as Blob, `${username}-cv.pdf`);
    },
    onError: (error) =>
      toast.error(error instanceof ApiRequestError ? error.message : MESSAGES.cv.pdfFailed),
  });
  return (
    <Button
      variant={variant}
      size={size}
      disabled={download.isPending}
      onClick={() => download.mutate()}
    >
      <FileDown className="size-4" aria-hidden />
      {download.isPending ? 'Preparing CV...' : 'Download CV (PDF)'}
    </Button>
  );
}
