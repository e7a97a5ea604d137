import { useEffect } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
import { TOASTS } from '../../shared/store';
import { toasterMounted } from '../lib/toast';

/** Loaded on the first toast (lib/toast.ts). The spec's numbers: 3 visible, 4 seconds. */
export default function Toaster() {
  useEffect(() => {
    toasterMounted();
  }, []);
  return (
    <SonnerToaster
      visibleToasts={TOASTS.visible}
      duration={TOASTS.durationMs}
      position="top-right"
      richColors
      closeButton
    />
  );
}
