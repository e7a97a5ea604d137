import { useId, useState } from 'react';
import { formatPickupDate } from '../../../shared/repair-calendar';
import { RETURN_KIND_LABELS, RETURN_STATUS_LABELS, type ReturnStatus } from '../../../shared/return-moves';
import {
  INSPECTION_CONDITIONS,
  inspectReturnSchema,
  MAX_RETURN_PHOTOS,
  reasonLabel,
  type AgentCollection,
} from '../../../shared/returns';
import { formatPhone } from '../../../shared/phones';
import { cardList } from '../../components/card-list';
import { DialogActions } from '../../components/dialog-actions';
import { FormPhotoPicker } from '../../components/photo-picker';
import { StatusBadge, type BadgeTone } from '../../components/status-badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { CheckboxField, SelectField, TextAreaField } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { inputProps, useFormSubmit, useZodForm } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { agentActions, useAgentCollections, useAgentMove, useRefreshAgentWork } from './agent-api';
import { WorkCard } from './work-card';
import { WorkPanel } from './work-panel';

const TONES: Partial<Record<ReturnStatus, BadgeTone>> = {
  collection_scheduled: 'blue',
  collected: 'amber',
  inspected: 'purple',
};

/** The agent's return collections by slot: Mark Collected, then Record Inspection (condition, sellable, notes, photos). */
export function ReturnCollections({ agentId }: { agentId: string }) {
  return (
    <WorkPanel
      title="Return Collections"
      query={useAgentCollections(agentId)}
      errorTitle="Failed to load your collections"
      empty={{
        title: 'No collections assigned',
        description: 'Returns and warranty claims the admin schedules with you appear here.',
      }}
    >
      {cardList('mt-4 space-y-4', (collection) => (
        <CollectionCard key={collection.returnNumber} collection={collection} agentId={agentId} />
      ))}
    </WorkPanel>
  );
}

function CollectionCard({ collection, agentId }: { collection: AgentCollection; agentId: string }) {
  const collect = useAgentMove(agentId, async (number: string) => (await agentActions.collect(number)).message);
  const [inspecting, setInspecting] = useState(false);
  return (
    <WorkCard
      label={`Collection ${collection.returnNumber}`}
      title={
        <p className="font-semibold text-slate-900">
          {collection.returnNumber} · {RETURN_KIND_LABELS[collection.kind]}
        </p>
      }
      badge={
        <StatusBadge
          status={collection.status}
          tones={TONES as Record<ReturnStatus, BadgeTone>}
          label={RETURN_STATUS_LABELS[collection.status]}
        />
      }
      details={[
        ['Collect', `${formatPickupDate(collection.pickupDate)} at ${collection.pickupTime}`],
        ['Customer', collection.customerName],
        ['Phone', collection.customerPhone ? formatPhone(collection.customerPhone) : ''],
        ['Address', collection.pickupAddress],
        ['Units', collection.units.map((u) => `${u.quantity} x ${u.name}`).join(', ')],
        ['Reason', reasonLabel(collection.reason)],
        [
          'Inspection',
          collection.inspection
            ? `${collection.inspection.conditionFound}, ${collection.inspection.sellable ? 'sellable' : 'not sellable'}`
            : '',
        ],
      ]}
    >
      <div className="mt-3 flex flex-wrap gap-2">
        {collection.status === 'collection_scheduled' && (
          <Button size="sm" disabled={collect.isPending} onClick={() => collect.mutate(collection.returnNumber)}>
            Mark Collected
          </Button>
        )}
        {collection.status === 'collected' && (
          <Button size="sm" onClick={() => setInspecting(true)}>
            Record Inspection
          </Button>
        )}
      </div>
      {inspecting && <InspectDialog collection={collection} agentId={agentId} onOpenChange={setInspecting} />}
    </WorkCard>
  );
}

function InspectDialog({
  collection,
  agentId,
  onOpenChange,
}: {
  collection: AgentCollection;
  agentId: string;
  onOpenChange: (open: boolean) => void;
}) {
  const refresh = useRefreshAgentWork(agentId);
  const form = useZodForm(inspectReturnSchema, {
    defaultValues: { conditionFound: undefined, sellable: false, notes: '', photos: [] },
  });
  const id = useId();
  const input = inputProps(form, id);
  const { onSubmit, alert, busy } = useFormSubmit(
    form,
    async (inspection) => {
      toast.success((await agentActions.inspect(collection.returnNumber, inspection)).message);
      void refresh();
      onOpenChange(false);
    },
    { report: 'alert' },
  );
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent title="Record Inspection" description={collection.returnNumber}>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <FormAlert message={alert} className="rounded-lg bg-red-50 p-3 text-sm text-red-800" />
          <SelectField
            label="Condition found"
            required
            placeholder="Choose the condition"
            options={INSPECTION_CONDITIONS}
            {...input('conditionFound')}
          />
          <CheckboxField {...input('sellable')}>
            It can be sold again (back on sale if refunded or replaced)
          </CheckboxField>
          <TextAreaField label="Notes" required rows={4} {...input('notes')} />
          <FormPhotoPicker
            form={form}
            id={id}
            max={MAX_RETURN_PHOTOS}
            hint={`Up to ${MAX_RETURN_PHOTOS} photos of the device as you found it.`}
            alt="The device as found"
          />
          <DialogActions>
            <Button type="submit" disabled={busy}>
              Save Inspection
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
