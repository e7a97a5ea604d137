import { useEffect } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
import { TOASTS } from '../../shared/store';
import { toasterMounted, useToastPlace } from '../lib/toast';

/**
 * Loaded on the first toast (lib/toast.ts). The spec's numbers: 3 visible, 4 seconds. Where it sits
 * (bottom centre, or under the header when the pressed control is at the bottom) lib/toast.ts decides.
 */
export default function Toaster() {
  const { position, top } = useToastPlace();
  useEffect(() => {
    toasterMounted();
  }, []);
  return (
    <SonnerToaster
      visibleToasts={TOASTS.visible}
      duration={TOASTS.durationMs}
      position={position}
      offset={{ top }}
      mobileOffset={{ top }}
      richColors
      closeButton
    />
  );
}
