import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';

import { ConfirmButton } from './confirm-dialog.tsx';
import { Button } from './ui/button.tsx';

function renderButton(onConfirm: () => void) {
  render(
    <ConfirmButton
      title="Delete this entry?"
      description="This removes the award from your CV."
      confirmLabel="Delete"
      destructive
      onConfirm={onConfirm}
    >
      <Button>Delete award</Button>
    </ConfirmButton>,
  );
}

it('asks first: Cancel closes without acting and gives focus back to the button', async () => {
  const user = userEvent.setup();
  const onConfirm = vi.fn();
  renderButton(onConfirm);

  await user.click(screen.getByRole('button', { name: 'Delete award' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete this entry?' });
  expect(dialog).toHaveAccessibleDescription('This removes the award from your CV.');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(onConfirm).not.toHaveBeenCalled();
  expect(screen.getByRole('button', { name: 'Delete award' })).toHaveFocus();
});

it('confirming closes the dialog and acts once', async () => {
  const user = userEvent.setup();
  const onConfirm = vi.fn();
  renderButton(onConfirm);

  await user.click(screen.getByRole('button', { name: 'Delete award' }));
  const dialog = await screen.findByRole('alertdialog');
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(onConfirm).toHaveBeenCalledTimes(1);
});
