import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { toast } from 'sonner';
import { afterEach, expect, it, vi } from 'vitest';

import { AppToaster } from './app-toaster.tsx';
import { useKeepToastsClear } from './keep-toasts-clear.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
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

it('lifts toasts above an element that asks to be kept clear, and lets them down once it goes', async () => {
  screenWide(true);
  function Composer() {
    const ref = useRef<HTMLFormElement>(null);
    useKeepToastsClear(ref);
    return <form ref={ref} aria-label="Composer" />;
  }
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 0, y: window.innerHeight - 100, width: 800, height: 100 }),
  );
  const composer = render(<Composer />);
  const toaster = await toasterAfterAToast();
  const root = document.documentElement;
  expect(root.style.getPropertyValue('--toast-clearance')).toBe('112px');
  // The toaster's bottom is the larger of its own edge and that clearance.
  expect(toaster.style.getPropertyValue('--offset-bottom')).toBe(
    'max(24px, var(--toast-clearance, 0px))',
  );
  composer.unmount();
  expect(root.style.getPropertyValue('--toast-clearance')).toBe('');
});
