import { ImagePlus, X } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { MAX_DEVICE_IMAGES } from '../../../../shared/catalog';
import { DEVICE_IMAGE_TYPES, MAX_IMAGE_UPLOAD_BYTES } from '../../../../shared/images';
import type { StockImagesReply } from '../../../../shared/inventory';
import { Button } from '../../../components/ui/button';
import { StoredImage } from '../../../components/stored-image';
import { uploadImage } from './device-api';
import { defaultAfterRemoving, nextKey, type PickedImage } from './picked-images';

/**
 * The device form's pictures (spec 001 section 5 'Device forms'): up to 5 by drag and drop or the
 * file picker, each previewed with its upload progress; extras are dropped with a notice. Choosing
 * a stock image clears the uploads and disables the file input; photos dropped while a stock image
 * is in use replace it (the spec's 'and vice versa'). An image is a stock one when its id is among
 * `stock`'s, so an edited device's stock image counts once that list has loaded. The radio buttons
 * pick the default ('Main') image; removing one keeps Main on its picture, or resets it to the
 * first when it falls out of range.
 */
export function ImagePicker({
  images,
  onChange,
  defaultIndex,
  onDefaultIndex,
  stock,
}: {
  images: PickedImage[];
  onChange: (update: (current: PickedImage[]) => PickedImage[]) => void;
  defaultIndex: number;
  onDefaultIndex: (index: number) => void;
  stock: StockImagesReply['items'];
}) {
  const inputId = useId();
  const [notice, setNotice] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const stockIds = new Set(stock.map((item) => item.id));
  const usingStock = images.some((image) => image.id !== null && stockIds.has(image.id));

  const update = (key: string, changes: Partial<PickedImage>) =>
    onChange((current) => current.map((image) => (image.key === key ? { ...image, ...changes } : image)));

  const add = (files: File[]) => {
    if (files.length === 0) return;
    // Photos replace a stock image, as a stock image replaces the photos.
    const staying = usingStock ? [] : images;
    const notes: string[] = [];
    const accepted = files.filter((file) => {
      if (!(DEVICE_IMAGE_TYPES as readonly string[]).includes(file.type)) {
        notes.push(`${file.name} is not a JPEG, PNG, WebP, GIF or AVIF image`);
        return false;
      }
      if (file.size > MAX_IMAGE_UPLOAD_BYTES) {
        notes.push(`${file.name} is larger than 5 MB`);
        return false;
      }
      return true;
    });
    const room = MAX_DEVICE_IMAGES - staying.length;
    const kept = accepted.slice(0, Math.max(0, room));
    const dropped = accepted.length - kept.length;
    if (dropped > 0) notes.push(`At most ${MAX_DEVICE_IMAGES} images are kept: ${dropped} dropped`);
    setNotice(notes.length > 0 ? notes.join('. ') : null);
    const picked = kept.map((file) => ({
      key: nextKey(),
      id: null,
      url: URL.createObjectURL(file),
      progress: 0,
      error: null,
      file,
    }));
    if (picked.length === 0) return;
    if (usingStock) onDefaultIndex(0);
    onChange((current) => [...(usingStock ? [] : current), ...picked.map(({ file: _file, ...image }) => image)]);
    for (const { file, key } of picked) {
      uploadImage(file, (progress) => update(key, { progress }))
        .then(({ id }) => update(key, { id, progress: 100 }))
        .catch((error: Error) => update(key, { error: error.message }));
    }
  };

  const remove = (index: number) => {
    onChange((current) => current.filter((_, i) => i !== index));
    onDefaultIndex(defaultAfterRemoving(index, defaultIndex, images.length));
  };

  const chooseStock = (item: StockImagesReply['items'][number]) => {
    setNotice(null);
    onChange(() => [{ key: nextKey(), id: item.id, url: item.url, progress: 100, error: null }]);
    onDefaultIndex(0);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add([...event.dataTransfer.files]);
  };

  return (
    <fieldset className="space-y-3">
      <legend className="mb-1.5 text-sm font-medium text-slate-700">Images (up to {MAX_DEVICE_IMAGES})</legend>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`rounded-xl border-2 border-dashed p-4 text-center text-sm ${
          dragging
            ? 'border-brand-600 bg-brand-50'
            : usingStock
              ? 'border-slate-200 bg-slate-50 text-slate-400'
              : 'border-slate-300'
        }`}
      >
        <ImagePlus className="mx-auto size-6" aria-hidden="true" />
        <p className="mt-1">Drag photos here, or</p>
        <label
          htmlFor={inputId}
          className={`mt-2 inline-block font-medium ${usingStock ? '' : 'cursor-pointer text-brand-700 underline'}`}
        >
          Choose files
        </label>
        <input
          id={inputId}
          type="file"
          accept={DEVICE_IMAGE_TYPES.join(',')}
          multiple
          disabled={usingStock}
          className="sr-only"
          onChange={(event) => {
            add([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        {usingStock && (
          <p className="mt-1 text-xs">
            A stock image is in use: drop photos here to replace it, or remove it to choose files.
          </p>
        )}
      </div>
      {notice && (
        <p role="status" className="text-sm text-amber-700">
          {notice}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <span className="self-center text-sm text-slate-600">Stock images:</span>
        {stock.map((item) => (
          <Button key={item.type} variant="secondary" size="sm" onClick={() => chooseStock(item)}>
            Use {item.label} stock image
          </Button>
        ))}
      </div>
      {images.length > 0 && (
        <ul className="grid grid-cols-3 gap-3 sm:grid-cols-5">
          {images.map((image, index) => (
            <li key={image.key} className="relative">
              <StoredImage src={image.url} alt={`Image ${index + 1}`} className="aspect-square w-full rounded-lg" />
              {image.id === null && !image.error && (
                <progress
                  max={100}
                  value={image.progress}
                  aria-label={`Uploading image ${index + 1}`}
                  className="mt-1 w-full"
                />
              )}
              {image.error && <p className="mt-1 text-xs text-red-600">{image.error}</p>}
              <label className="mt-1 flex items-center gap-1 text-xs text-slate-700">
                <input
                  type="radio"
                  name="defaultImage"
                  checked={defaultIndex === index}
                  onChange={() => onDefaultIndex(index)}
                />
                Main
              </label>
              <button
                type="button"
                onClick={() => remove(index)}
                aria-label={`Remove image ${index + 1}`}
                className="absolute top-1 right-1 rounded-full bg-white/90 p-1 text-slate-700 shadow hover:bg-white"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
