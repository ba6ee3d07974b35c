import { Copy, Download } from 'lucide-react';
import { toast } from 'sonner';

import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';

function download(codes: string[]) {
  const text = `Arena recovery codes\n\nEach code signs you in once, in place of your second factor.\n\n${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'arena-recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

/** The recovery codes, shown once: copy or download them before closing. */
export function RecoveryCodesDialog({
  codes,
  onClose,
}: {
  codes: string[] | null;
  onClose: () => void;
}) {
  async function copy(list: string[]) {
    try {
      await navigator.clipboard.writeText(list.join('\n'));
      toast.success('Recovery codes copied');
    } catch {
      toast.error('Could not copy. Select the codes and copy them, or download them.');
    }
  }

  return (
    <Dialog open={codes !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title="Save your recovery codes"
        description="If you lose your phone or passkey, each of these codes signs you in once. They are shown only now: keep them somewhere safe."
      >
        {codes ? (
          <div className="grid gap-4">
            <ol
              aria-label="Recovery codes"
              className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 font-mono text-sm text-slate-900"
            >
              {codes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ol>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button type="button" variant="secondary" onClick={() => void copy(codes)}>
                <Copy className="size-4" aria-hidden />
                Copy codes
              </Button>
              <Button type="button" variant="secondary" onClick={() => download(codes)}>
                <Download className="size-4" aria-hidden />
                Download
              </Button>
              <Button type="button" className="sm:ml-auto" onClick={onClose}>
                I’ve saved them
              </Button>
            </div>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
