import { Dialog, DialogContent } from '../../components/ui/dialog.tsx';
import { SearchBox } from './search-box.tsx';

/** The phones' search, in a dialog (loaded when first opened: the first page does without it). */
export default function MobileSearchDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Search people"
        // Straight to the box, not the close button that comes first.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          document.getElementById('mobile-search')?.focus();
        }}
      >
        <SearchBox inDialog onChosen={onClose} />
      </DialogContent>
    </Dialog>
  );
}
