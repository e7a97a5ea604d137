import {
  Battery,
  Clock,
  Code,
  Cpu,
  Droplets,
  Lock,
  Phone,
  Plug,
  ShieldCheck,
  Signal,
  Smartphone,
  Wrench,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { REPAIR_SERVICES, type RepairService, type RepairServiceId } from '../../../shared/repair-services';
import { POLICIES, STORE } from '../../../shared/store';
import { Button } from '../../components/ui/button';
import { usePageTitle } from '../../lib/use-page-title';

// The dialog (Radix, the form library) loads on the first click, not with the page.
const BookingDialog = lazy(() => import('./booking-dialog'));

const SERVICE_ICONS: Record<RepairService['icon'], LucideIcon> = {
  smartphone: Smartphone,
  battery: Battery,
  droplets: Droplets,
  plug: Plug,
  code: Code,
  cpu: Cpu,
  lock: Lock,
  signal: Signal,
  zap: Zap,
};

const BENEFITS = [
  {
    icon: ShieldCheck,
    title: 'Warranty on Every Repair',
    text: 'Parts and labour are covered after the repair: up to 6 months depending on the service.',
  },
  {
    icon: Clock,
    title: 'Fast Turnaround',
    text: `Many repairs are done the same day; most take ${POLICIES.repairDays} business days, up to ${POLICIES.complexRepairDays} for complex ones.`,
  },
  {
    icon: Wrench,
    title: 'Expert Technicians',
    text: `Experienced technicians and quality parts, with free pickup from your door in ${STORE.city}.`,
  },
];

export function Component() {
  usePageTitle();
  const [dialog, setDialog] = useState<{ open: boolean; service?: RepairServiceId; opened: number }>({
    open: false,
    opened: 0,
  });
  const open = (service?: RepairServiceId) => setDialog((d) => ({ open: true, service, opened: d.opened + 1 }));

  return (
    <div>
      <section className="border-b border-slate-200 bg-gradient-to-br from-brand-50 via-white to-indigo-50">
        <div className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6 lg:px-8">
          <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">Professional Repair Services</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">
            Cracked screen, tired battery or a device that will not charge? We collect it from your door in {STORE.city}
            , repair it with quality parts and bring it back under warranty.
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-4 sm:flex-row">
            <Button size="lg" onClick={() => open()}>
              <Wrench className="size-5" aria-hidden="true" />
              Book a Repair Now
            </Button>
            <a
              href={`tel:${STORE.phone.replace(/\s/g, '')}`}
              className="inline-flex items-center gap-2 font-medium text-brand-700 hover:underline"
            >
              <Phone className="size-5" aria-hidden="true" />
              Call us: {STORE.phone}
            </a>
          </div>
        </div>
      </section>

      <section aria-label="Why repair with us" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <ul className="grid gap-6 md:grid-cols-3">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-700">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="services-heading" className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 lg:px-8">
        <h2 id="services-heading" className="text-2xl font-bold text-slate-900">
          Our Repair Services
        </h2>
        <p className="mt-1 text-slate-600">
          Prices are ranges in rand; your technician confirms the price before any work.
        </p>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {REPAIR_SERVICES.map((service) => (
            <ServiceCard key={service.id} service={service} onBook={() => open(service.id)} />
          ))}
        </ul>
      </section>

      {dialog.opened > 0 && (
        <Suspense fallback={null}>
          <BookingDialog
            open={dialog.open}
            service={dialog.service}
            openedAt={dialog.opened}
            onClose={() => setDialog((d) => ({ ...d, open: false }))}
          />
        </Suspense>
      )}
    </div>
  );
}

function ServiceCard({ service, onBook }: { service: RepairService; onBook: () => void }) {
  const Icon = SERVICE_ICONS[service.icon];
  const headingId = `service-${service.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
    >
      <span className="grid size-11 place-items-center rounded-xl bg-brand-600 text-white">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <h3 id={headingId} className="mt-4 text-lg font-semibold text-slate-900">
        {service.name}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{service.description}</p>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <dt className="text-slate-500">Phone</dt>
        <dd className="text-right font-medium text-slate-900">{service.phonePrice}</dd>
        <dt className="text-slate-500">Laptop</dt>
        <dd className="text-right font-medium text-slate-900">{service.laptopPrice}</dd>
        <dt className="text-slate-500">Duration</dt>
        <dd className="text-right text-slate-900">{service.duration}</dd>
        <dt className="text-slate-500">Warranty</dt>
        <dd className="text-right text-slate-900">{service.warranty}</dd>
      </dl>
      {/* The name starts with the words shown (speech control users say them), then which service. */}
      <Button variant="secondary" className="mt-6" onClick={onBook}>
        Book Now<span className="sr-only"> for {service.name}</span>
      </Button>
    </li>
  );
}
