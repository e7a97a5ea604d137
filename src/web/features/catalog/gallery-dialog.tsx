import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState } from 'react';
import type { Device } from '../../../shared/catalog';
import { useReturnFocus } from '../../components/ui/dialog';
import { ImageCarousel } from './image-carousel';

interface GalleryDialogProps {
  device: Device;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const imageCount = (n: number) => `${n} ${n === 1 ? 'image' : 'images'}`;

/** The listing card's gallery (loaded on demand: Radix dialog stays out of the first load). */
export default function GalleryDialog({ device, open, onOpenChange }: GalleryDialogProps) {
  const [index, setIndex] = useState(0);
  const count = device.images.length;
  // The card's image button opens this dialog without being its Radix Trigger (the dialog loads on demand).
  const focus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/70" />
        <Dialog.Content
          {...focus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[92vw] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="pr-8 text-lg font-semibold text-slate-900">{device.name} - Gallery</Dialog.Title>
          <div className="mt-4">
            {count === 0 ? (
              <p className="flex aspect-[4/3] items-center justify-center rounded-xl bg-slate-50 text-slate-600">
                No images available
              </p>
            ) : (
              <ImageCarousel
                device={device}
                index={index}
                onIndexChange={setIndex}
                sizes="(min-width: 768px) 624px, 84vw"
              />
            )}
          </div>
          {/* Which image shows, as the arrows move (announced politely); '4 images' alone never said. */}
          <Dialog.Description aria-live="polite" className="mt-3 text-center text-sm text-slate-600">
            {count > 1 ? `Image ${index + 1} of ${count}` : imageCount(count)}
          </Dialog.Description>
          <Dialog.Close
            aria-label="Close"
            className="absolute top-4 right-4 rounded-full p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
