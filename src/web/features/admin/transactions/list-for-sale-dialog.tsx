import { useId, useState } from 'react';
import { DEVICE_CONDITIONS, DEVICE_TYPES } from '../../../../shared/catalog';
import {
  LISTING_MARGIN_PERCENT,
  LISTING_MESSAGES,
  listTradeInSchema,
  type ListingDraft,
} from '../../../../shared/stock-listing';
import { DialogActions } from '../../../components/dialog-actions';
import { LoadedQuery } from '../../../components/loaded-query';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { FormAlert } from '../../../components/ui/form-alert';
import { inputProps, useFormSubmit, useZodForm } from '../../../lib/forms';
import { money } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import type { ActionProps } from '../components/action-dialog';
import { tradeInActions, useListingDraft, type TradeInRow } from './trade-in-api';

/** Whole rand as the device form parses them. */
const toInteger = (value: unknown) => (value === '' || value === null ? undefined : Number.parseInt(String(value), 10));
const toIntegerOrNull = (value: unknown) => toInteger(value) ?? null;
const WHOLE = { type: 'number', min: 0, step: 1 } as const;

/**
 * List for sale on a paid trade-in (docs/decisions/090): the device form prefilled by the server, the
 * suggested price and where it comes from, the seller's photos to copy to the storefront, and one unit.
 */
export function ListForSaleDialog(props: ActionProps & { tradeIn: TradeInRow }) {
  const draft = useListingDraft(props.tradeIn.transactionNumber);
  return (
    <Dialog open onOpenChange={props.onOpenChange}>
      <DialogContent title={LISTING_MESSAGES.listFor} description={props.tradeIn.transactionNumber} size="xl">
        <LoadedQuery query={draft} errorTitle="Failed to load the listing form">
          {(data) => <ListingForm draft={data} {...props} />}
        </LoadedQuery>
      </DialogContent>
    </Dialog>
  );
}

function ListingForm({ draft, onDone, onOpenChange }: ActionProps & { draft: ListingDraft }) {
  const form = useZodForm(listTradeInSchema, { defaultValues: draft.form });
  const input = inputProps(form, useId());
  const [chosen, setChosen] = useState<number[]>([]);
  const { onSubmit, alert, busy } = useFormSubmit(
    form,
    async (values) => {
      const reply = await tradeInActions.list(draft.transactionNumber, { ...values, photoPositions: chosen });
      toast.success(reply.message);
      onDone();
      onOpenChange(false);
    },
    { report: 'alert' },
  );
  const toggle = (position: number) =>
    setChosen((now) => (now.includes(position) ? now.filter((p) => p !== position) : [...now, position]));
  const priceHint =
    draft.priceSource === 'catalog'
      ? `Suggested ${money(draft.suggestedPrice, 'admin')}: the median of this model and grade in the catalog`
      : `Suggested ${money(draft.suggestedPrice, 'admin')}: paid ${money(draft.paidAmount, 'admin')} plus ${LISTING_MARGIN_PERCENT}%`;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">
        One unit, bought for <strong>{money(draft.paidAmount, 'admin')}</strong>: the cost the Reports tab counts.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Brand" {...input('brand')} />
        <TextField label="Model" {...input('model')} />
        <SelectField label="Type" options={DEVICE_TYPES} {...input('type')} />
        <SelectField label="Condition" options={DEVICE_CONDITIONS} {...input('condition')} />
        <TextField label="Storage" {...input('storage')} />
        <TextField label="RAM" optional {...input('ram')} />
        <TextField label="Price" hint={priceHint} {...WHOLE} {...input('price', { setValueAs: toInteger })} />
        <TextField
          label="Original price"
          optional
          {...WHOLE}
          {...input('originalPrice', { setValueAs: toIntegerOrNull })}
        />
        <TextField
          label="Town shown to shoppers"
          optional
          hint="The device page says 'Bought from a customer in …'; never the seller's name or address"
          {...input('sellerTown')}
        />
      </div>
      <TextAreaField label="Description" optional {...input('description')} />
      {draft.photos.length > 0 && (
        <fieldset>
          <legend className="text-sm font-medium text-slate-900">Seller's photos to show on the storefront</legend>
          <p className="text-sm text-slate-600">Copies are made without the photo's location or camera details.</p>
          <ul className="mt-2 flex flex-wrap gap-3">
            {draft.photos.map((photo) => (
              <li key={photo.position}>
                <label className="flex flex-col items-center gap-1 text-sm text-slate-700">
                  <img src={`${photo.url}?w=160`} alt="" className="h-20 w-20 rounded object-cover" />
                  <span className="flex items-center gap-1">
                    <input
                      type="checkbox"
                      checked={chosen.includes(photo.position)}
                      onChange={() => toggle(photo.position)}
                    />
                    Photo {photo.position + 1}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <FormAlert message={alert} className="text-sm text-red-600" />
      <DialogActions>
        <Button type="submit" disabled={busy}>
          {LISTING_MESSAGES.listFor}
        </Button>
      </DialogActions>
    </form>
  );
}
