import { X } from 'lucide-react';
import { AlertDialog as AlertPrimitive, Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';

import { cx, focusRing } from './class-names.ts';

const overlay = 'fixed inset-0 z-50 bg-slate-900/50';
/** Centred, never wider than the screen less a margin, scrolling inside when taller than it. */
const panel =
  'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-2xl bg-white p-5 shadow-xl sm:p-6';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/**
 * A modal panel with its title (and optional description) and a close button. Radix traps focus
 * inside, closes on Escape and gives focus back to the trigger.
 */
export function DialogContent({
  title,
  description,
  className,
  children,
  ...props
}: Omit<ComponentProps<typeof DialogPrimitive.Content>, 'title'> & {
  title: ReactNode;
  description?: ReactNode;
}) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlay} />
      <DialogPrimitive.Content
        className={cx(panel, 'max-w-lg', className)}
        // Without a description Radix would warn; aria-describedby is then left out on purpose.
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...props}
      >
        <div className="flex items-start justify-between gap-4 pb-4">
          <div className="grid gap-1">
            <DialogPrimitive.Title className="text-lg font-semibold text-slate-900">
              {title}
            </DialogPrimitive.Title>
            {description ? (
              <DialogPrimitive.Description className="text-sm text-slate-700">
                {description}
              </DialogPrimitive.Description>
            ) : null}
          </div>
          <DialogPrimitive.Close
            className={cx(
              '-mt-1 -mr-1 grid size-9 shrink-0 place-items-center rounded-full text-slate-700 hover:bg-slate-100',
              focusRing,
            )}
          >
            <X className="size-5" aria-hidden />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        </div>
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export const AlertDialog = AlertPrimitive.Root;
export const AlertDialogTrigger = AlertPrimitive.Trigger;
export const AlertDialogCancel = AlertPrimitive.Cancel;

/** A confirmation: a question, what it means, and the buttons (`children`). */
export function AlertDialogContent({
  title,
  description,
  children,
  onCloseAutoFocus,
}: {
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
  /** Where focus goes on closing, for a dialog opened without its Trigger. */
  onCloseAutoFocus?: ComponentProps<typeof AlertPrimitive.Content>['onCloseAutoFocus'];
}) {
  return (
    <AlertPrimitive.Portal>
      <AlertPrimitive.Overlay className={overlay} />
      <AlertPrimitive.Content className={cx(panel, 'max-w-md')} onCloseAutoFocus={onCloseAutoFocus}>
        <AlertPrimitive.Title className="text-lg font-semibold text-slate-900">
          {title}
        </AlertPrimitive.Title>
        <AlertPrimitive.Description className="mt-2 text-sm text-slate-700">
          {description}
        </AlertPrimitive.Description>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {children}
        </div>
      </AlertPrimitive.Content>
    </AlertPrimitive.Portal>
  );
}
