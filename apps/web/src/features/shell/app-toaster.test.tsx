import { act, render } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, expect, it, vi } from 'vitest';

import { AppToaster } from './app-toaster.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

function screenWide(desktop: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: desktop && query === '(min-width: 1024px)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

async function toasterAfterAToast() {
  const { container } = render(<AppToaster />);
  act(() => {
    toast.success('Saved');
  });
  await vi.waitFor(() => {
    if (!container.ownerDocument.querySelector('[data-sonner-toaster]')) throw new Error('none');
  });
  return container.ownerDocument.querySelector<HTMLElement>('[data-sonner-toaster]')!;
}

it('shows toasts bottom-right on desktops, away from the top navigation', async () => {
  screenWide(true);
  const toaster = await toasterAfterAToast();
  expect(toaster.dataset.yPosition).toBe('bottom');
  expect(toaster.dataset.xPosition).toBe('right');
});

it('shows toasts bottom-centre on phones, above the tab bar', async () => {
  screenWide(false);
  const toaster = await toasterAfterAToast();
  expect(toaster.dataset.yPosition).toBe('bottom');
  expect(toaster.dataset.xPosition).toBe('center');
  expect(toaster.style.getPropertyValue('--mobile-offset-bottom')).toContain('4rem');
  expect(toaster.style.getPropertyValue('--offset-bottom')).toContain('4rem');
});
