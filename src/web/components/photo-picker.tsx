import { ImagePlus, X } from 'lucide-react';
import { useState } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { UPLOAD_IMAGE_TYPES } from '../../shared/images';
import { addPhotos } from '../lib/photos';

/**
 * Photos picked from the device, shrunk in the browser (lib/photos.ts) and kept as data URLs, each
 * removable, up to `max`: the sell form's and a return request's, under the same image rules.
 */
export function PhotoPicker({
  id,
  photos,
  onChange,
  error,
  max,
  hint,
  alt,
  className = '',
}: {
  id: string;
  photos: string[];
  onChange: (photos: string[]) => void;
  error?: string;
  max: number;
  hint: string;
  /** What each photo shows, numbered: 'Your device, view 1'. */
  alt: string;
  className?: string;
}) {
  const full = photos.length >= max;
  // The files of the last pick that were left out, each with why; the next pick replaces them.
  const [notAdded, setNotAdded] = useState<string[]>([]);
  return (
    <fieldset className={className} aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">
        Photos <span className="font-normal text-slate-600">(optional)</span>
      </legend>
      <div className="flex flex-wrap gap-3">
        {photos.map((photo, index) => (
          <div key={index} className="relative">
            <img
              src={photo}
              alt={`${alt}, view ${index + 1}`}
              className="size-20 rounded-lg border border-slate-200 object-cover"
            />
            <button
              type="button"
              onClick={() => onChange(photos.filter((_, i) => i !== index))}
              aria-label={`Remove photo ${index + 1}`}
              className="absolute -top-2 -right-2 rounded-full bg-slate-900 p-1 text-white"
            >
              <X className="size-3" aria-hidden="true" />
            </button>
          </div>
        ))}
        {!full && (
          <label
            htmlFor={id}
            className="flex size-20 cursor-pointer flex-col items-center justify-center rounded-lg border-2 border-dashed border-slate-300 text-xs text-slate-500 focus-within:ring-2 focus-within:ring-brand-600 hover:border-brand-600"
          >
            <ImagePlus className="size-5" aria-hidden="true" />
            Add photos
            <input
              id={id}
              type="file"
              accept={UPLOAD_IMAGE_TYPES.join(',')}
              multiple
              className="sr-only"
              onChange={async (event) => {
                const input = event.currentTarget;
                const picked = await addPhotos(photos, input.files, max);
                setNotAdded(picked.notAdded);
                onChange(picked.photos);
                input.value = '';
              }}
            />
          </label>
        )}
      </div>
      <div role="status">
        {notAdded.map((sentence) => (
          <p key={sentence} className="mt-1.5 text-sm text-amber-800">
            {sentence}
          </p>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The picker bound to a form whose schema has a `photos` list: the form keeps the picked photos, and the
 * schema's (or the server's) refusal shows under the picker.
 */
export function FormPhotoPicker<T extends FieldValues>({
  form,
  id,
  ...props
}: { form: UseFormReturn<T, unknown, FieldValues> } & Omit<
  Parameters<typeof PhotoPicker>[0],
  'photos' | 'onChange' | 'error'
>) {
  const name = 'photos' as Path<T>;
  const photos = (form.watch(name) as string[] | undefined) ?? [];
  const error = form.formState.errors.photos?.message;
  return (
    <PhotoPicker
      {...props}
      id={`${id}-photos`}
      photos={photos}
      onChange={(picked) => form.setValue(name, picked as PathValue<T, Path<T>>, { shouldValidate: true })}
      error={typeof error === 'string' ? error : undefined}
    />
  );
}
