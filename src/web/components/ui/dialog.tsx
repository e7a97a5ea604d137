import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';

/**
 * Radix dialog with the store's look: focus is trapped, Escape and the close button close it,
 * and the title names the dialog for screen readers. Import it only from lazily loaded code.
 */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/**
 * A dialog opened by a button that is not its Radix Trigger (most are: the dialog's code loads on demand)
 * leaves Radix no trigger to return focus to, and focus fell to the page's top. The element focused when the
 * dialog opened takes it back on closing, if it is still in the page; else Radix does as it would.
 */
export function useReturnFocus({
  onOpenAutoFocus,
  onCloseAutoFocus,
}: Pick<ComponentPropsWithoutRef<typeof DialogPrimitive.Content>, 'onOpenAutoFocus' | 'onCloseAutoFocus'> = {}) {
  const opener = useRef<Element | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      opener.current = document.activeElement;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      onCloseAutoFocus?.(event);
      const element = opener.current;
      if (event.defaultPrevented || !(element instanceof HTMLElement) || element === document.body) return;
      if (!element.isConnected) return;
      event.preventDefault();
      element.focus();
    },
  };
}

const widths = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

export function DialogContent({
  title,
  description,
  size = 'md',
  hideTitle = false,
  className = '',
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: Omit<ComponentPropsWithoutRef<typeof DialogPrimitive.Content>, 'title'> & {
  title: ReactNode;
  description?: ReactNode;
  size?: keyof typeof widths;
  hideTitle?: boolean;
}) {
  const focus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/60 backdrop-blur-sm" />
      <DialogPrimitive.Content
        {...(description ? {} : { 'aria-describedby': undefined })}
        className={
          'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto ' +
          `rounded-2xl bg-white p-6 shadow-2xl focus:outline-none ${widths[size]} ${className}`
        }
        {...props}
        {...focus}
      >
        <DialogPrimitive.Title className={hideTitle ? 'sr-only' : 'pr-8 text-lg font-semibold text-slate-900'}>
          {title}
        </DialogPrimitive.Title>
        {description && (
          <DialogPrimitive.Description className="mt-1 text-sm text-slate-600">
            {description}
          </DialogPrimitive.Description>
        )}
        <div className={hideTitle ? '' : 'mt-4'}>{children}</div>
        <DialogPrimitive.Close
          className="absolute top-4 right-4 rounded-md p-1 text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          aria-label="Close"
        >
          <X className="size-5" aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/**
 * A dialog open while something is chosen (a payment, an email): its body is built from the chosen
 * thing, and closing it asks the owner to clear the choice.
 */
export function DialogFor<Subject>({
  subject,
  onClose,
  title,
  size,
  children,
}: {
  subject: Subject | null;
  onClose: () => void;
  title: ReactNode;
  size?: keyof typeof widths;
  children: (subject: Subject) => ReactNode;
}) {
  return (
    <Dialog open={subject !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={title} size={size}>
        {subject !== null && children(subject)}
      </DialogContent>
    </Dialog>
  );
}
