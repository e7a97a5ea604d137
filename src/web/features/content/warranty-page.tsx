import { BatteryCharging, ClipboardCheck, ShieldCheck, ShieldX, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { POLICIES, STORE } from '../../../shared/store';
import { ContentPage, FactCard, HelpCallout, PolicySection } from './content-layout';

export function Component() {
  const months = POLICIES.deviceWarrantyMonths;
  const repairDays = POLICIES.repairWarrantyDays;
  const battery = POLICIES.batteryReplacementThresholdPercent;
  return (
    <ContentPage
      icon={ShieldCheck}
      title="Warranty Policy"
      intro={`Every device we sell is covered for ${months} months, and every repair for ${repairDays} days.`}
    >
      <div className="mb-12 grid gap-4 sm:grid-cols-3">
        <FactCard value={`${months} months`} label="Device warranty" note="On every device we sell" />
        <FactCard value={`${repairDays} days`} label="Repair warranty" note="On the work and parts fitted" />
        <FactCard value={`Below ${battery}%`} label="Battery replaced" note="If capacity drops during the warranty" />
      </div>

      <PolicySection id="device-warranty" title={`${months}-month device warranty`} icon={ShieldCheck}>
        <p>
          Every new and pre-owned device bought from {STORE.name} comes with a <strong>{months}-month warranty</strong>{' '}
          from the date of delivery. If a hardware fault appears under normal use, we repair the device, replace it with
          an equivalent one, or refund you.
        </p>
        <ul>
          <li>Hardware faults: screen, speakers, microphones, cameras, buttons, ports and logic boards.</li>
          <li>Faults that were present when the device left us, even if you notice them later.</li>
          <li>Repairs under warranty cost you nothing, including collection and return shipping.</li>
        </ul>
      </PolicySection>

      <p className="px-1">
        <Link to={paths.account}>Make a warranty claim</Link> from the order in your account (Orders) or the link in
        your order email; a repair's warranty from the repair in your account.
      </p>

      <PolicySection id="battery" title="Battery health" icon={BatteryCharging}>
        <p>
          Batteries wear with use. If your device&apos;s battery capacity drops <strong>below {battery}%</strong> during
          the warranty period, we replace the battery free of charge.
        </p>
      </PolicySection>

      <PolicySection id="repair-warranty" title={`${repairDays}-day repair warranty`} icon={Wrench}>
        <p>
          Every repair done by our technicians carries a <strong>{repairDays}-day warranty</strong> on the work and the
          parts we fitted. If the same fault returns within {repairDays} days, we fix it again at no cost. See our{' '}
          <Link to={paths.repairs}>repair services</Link>.
        </p>
      </PolicySection>

      <PolicySection id="not-covered" title="What is not covered" icon={ShieldX}>
        <ul>
          <li>Accidental damage such as cracked screens, drops or bent frames after delivery.</li>
          <li>Liquid damage, unless it was present when we sold the device.</li>
          <li>Repairs or modifications by anyone other than {STORE.name}.</li>
          <li>Normal cosmetic wear, lost accessories and software you installed.</li>
        </ul>
      </PolicySection>

      <PolicySection id="claim" title="How to make a claim" icon={ClipboardCheck}>
        <ol className="list-decimal space-y-2 pl-5">
          <li>
            <Link to={paths.contact}>Contact us</Link> with your order number and a short description of the fault
            (choose the &ldquo;Warranty Claim&rdquo; inquiry type).
          </li>
          <li>We arrange a free collection of the device from your address.</li>
          <li>
            Our technicians assess it and repair, replace or refund, usually within {POLICIES.repairDays} business days.
          </li>
        </ol>
      </PolicySection>

      <HelpCallout title="Need to make a warranty claim?" />
    </ContentPage>
  );
}
