import { useMutation } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Device } from '../../../../shared/catalog';
import { DEVICE_MESSAGES, INVENTORY_STOCK_FILTERS } from '../../../../shared/inventory';
import { Button } from '../../../components/ui/button';
import { money } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { StoredImage } from '../../../components/stored-image';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListToolbar } from '../components/list-toolbar';
import { PagedResults } from '../../../components/paged-results';
import { StatusBadge } from '../../../components/status-badge';
import { deviceActions, useDeviceList, useRefreshDevices } from '../devices/device-api';
import { DeviceFormDialog } from '../devices/device-form-dialog';
import { formatDate } from '../../../../shared/dates';
import { TabSection } from '../components/tab-section';

/** The card's badge: the admin's switch, and a device switched on with none left is sold out. */
const STOCK_TONES = { in: 'green', out: 'red', sold: 'amber' } as const;
const STOCK_LABELS = { in: 'In Stock', out: 'Out of Stock', sold: 'Sold Out' } as const;

/** Devices (spec 001 section 2): the inventory grid, Add Device, Edit and delete. */
export default function DevicesTab() {
  const list = useDeviceList();
  const refresh = useRefreshDevices();
  const [editing, setEditing] = useState<Device | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Device | null>(null);
  const remove = useMutation({
    mutationFn: deviceActions.remove,
    onSuccess: ({ message }) => {
      toast.success(message);
      setDeleting(null);
      void refresh();
    },
    onError: () => toast.error(DEVICE_MESSAGES.deleteFailed),
  });
  const stock = useMutation({
    mutationFn: ({ device, inStock }: { device: Device; inStock: boolean }) =>
      deviceActions.setInStock(device, inStock),
    onSuccess: (device) => {
      toast.success(
        device.inStock ? DEVICE_MESSAGES.nowInStock(device.name) : DEVICE_MESSAGES.nowOutOfStock(device.name),
      );
      void refresh();
    },
    onError: () => toast.error(DEVICE_MESSAGES.updateFailed),
  });
  const openForm = (device: Device | null) => {
    setEditing(device);
    setFormOpen(true);
  };

  return (
    <TabSection title="Devices">
      <ListToolbar list={list} searchLabel="Search devices" statuses={INVENTORY_STOCK_FILTERS} statusLabel="Stock">
        <Button onClick={() => openForm(null)}>
          <Plus className="size-4" aria-hidden="true" />
          Add Device
        </Button>
      </ListToolbar>
      <PagedResults list={list} errorTitle={DEVICE_MESSAGES.loadFailed} empty={{ title: 'No devices found' }}>
        {(devices) => (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {devices.map((device) => (
              <DeviceCard
                key={device.id}
                device={device}
                onEdit={() => openForm(device)}
                onDelete={() => setDeleting(device)}
                onStock={(inStock) => stock.mutate({ device, inStock })}
                stockPending={stock.isPending && stock.variables.device.id === device.id}
              />
            ))}
          </ul>
        )}
      </PagedResults>
      <DeviceFormDialog device={editing} open={formOpen} onOpenChange={setFormOpen} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting ? `Delete ${deleting.name}` : 'Delete device'}
        message={DEVICE_MESSAGES.deleteQuestion}
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
        }}
      />
    </TabSection>
  );
}

function DeviceCard({
  device,
  onEdit,
  onDelete,
  onStock,
  stockPending,
}: {
  device: Device;
  onEdit: () => void;
  onDelete: () => void;
  onStock: (inStock: boolean) => void;
  stockPending: boolean;
}) {
  const shown = device.images.slice(0, 3);
  const stock = !device.inStock ? 'out' : device.quantity === 0 ? 'sold' : 'in';
  // Its name starts with the words on it, then says which device (the list shows many).
  const stockMove = device.inStock ? 'Mark Out of Stock' : 'Mark In Stock';
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      {shown.length > 0 && (
        <div className="mb-3 grid grid-cols-3 gap-2">
          {shown.map((url, index) => (
            <div key={url} className="relative">
              <StoredImage
                src={url}
                alt={`${device.name} image ${index + 1}`}
                className="aspect-square w-full rounded-lg"
              />
              {index === device.defaultImageIndex && (
                <span className="absolute top-1 left-1 rounded bg-brand-600 px-1.5 py-0.5 text-[10px] font-semibold text-white">
                  Main
                </span>
              )}
            </div>
          ))}
        </div>
      )}
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{device.name}</h3>
        <StatusBadge status={stock} tones={STOCK_TONES} label={STOCK_LABELS[stock]} />
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500">Brand</dt>
        <dd className="text-slate-800">{device.brand}</dd>
        <dt className="text-slate-500">Storage</dt>
        <dd className="text-slate-800">{device.storage || '-'}</dd>
        <dt className="text-slate-500">RAM</dt>
        <dd className="text-slate-800">{device.ram ?? '-'}</dd>
        <dt className="text-slate-500">Condition</dt>
        <dd className="text-slate-800">{device.condition}</dd>
        <dt className="text-slate-500">Quantity</dt>
        <dd className="text-slate-800">{device.quantity}</dd>
        <dt className="text-slate-500">Added</dt>
        <dd className="text-slate-800">{formatDate(device.addedDate)}</dd>
      </dl>
      <p className="mt-3 text-lg font-bold text-slate-900">
        {money(device.price, 'admin')}
        {device.originalPrice !== null && (
          <s className="ml-2 text-sm font-normal text-slate-500">{money(device.originalPrice, 'admin')}</s>
        )}
      </p>
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        <Button
          variant="secondary"
          size="sm"
          disabled={stockPending}
          onClick={() => onStock(!device.inStock)}
          aria-label={`${stockMove} ${device.name}`}
        >
          {stockMove}
        </Button>
        <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${device.name}`}>
          <Pencil className="size-4" aria-hidden="true" />
          Edit
        </Button>
        <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete ${device.name}`}>
          <Trash2 className="size-4 text-red-600" aria-hidden="true" />
          Delete
        </Button>
      </div>
    </li>
  );
}
