import { Cookie, Database, Lock, ShieldCheck, UserCheck } from 'lucide-react';
import { STORE } from '../../../shared/store';
import { ContentPage, HelpCallout, PolicySection } from './content-layout';

export function Component() {
  return (
    <ContentPage
      icon={ShieldCheck}
      title="Privacy Policy"
      intro={`What ${STORE.name} keeps about you, why, and what we never keep. Last updated 1 November 2026.`}
    >
      <PolicySection id="what-we-keep" title="What we keep" icon={Database}>
        <ul>
          <li>
            <strong>Account details:</strong> your name, email address, phone number, delivery address and a securely
            hashed password (we cannot read your password).
          </li>
          <li>
            <strong>Orders:</strong> the devices you bought, amounts, shipping and billing addresses, order status and
            the payment reference our payment provider gives us.
          </li>
          <li>
            <strong>Trade-ins and repairs:</strong> the device details, your contact details and collection address,
            offers and status history.
          </li>
          <li>
            <strong>Messages:</strong> what you send us through the contact form or the chat assistant.
          </li>
          <li>
            <strong>Payout details:</strong> if you sell to us, the bank account we pay you into, shown masked on
            screen.
          </li>
        </ul>
      </PolicySection>

      <PolicySection id="never" title="What we never keep" icon={Lock}>
        <p>
          <strong>Card numbers are never stored.</strong> Card payments are entered in our payment provider&apos;s
          secure window and processed by them; we only receive a payment reference and its status. We never store your
          card number or CVV.
        </p>
      </PolicySection>

      <PolicySection id="id-numbers" title="ID and passport numbers" icon={UserCheck}>
        <p>
          If you give us an ID or passport number, for example when you create an account or sell a device, it is{' '}
          <strong>kept for verification only</strong>: to confirm who you are and to prevent the sale of stolen devices.
          It is not used for marketing and not shared except where the law requires it.
        </p>
      </PolicySection>

      <PolicySection id="use" title="How we use your information" icon={ShieldCheck}>
        <ul>
          <li>To process and deliver your orders, trade-ins and repairs, and to email you about them.</li>
          <li>To answer your questions and support requests.</li>
          <li>To keep the store secure and prevent fraud.</li>
        </ul>
        <p>
          We do not sell your personal information. We share it only with the services that help us run the store
          (payment, courier and email providers), and only what they need. We handle your information in line with South
          Africa&apos;s Protection of Personal Information Act (POPIA).
        </p>
      </PolicySection>

      <PolicySection id="cookies" title="Cookies and browser storage" icon={Cookie}>
        <p>
          We use one session cookie to keep you signed in, and your browser&apos;s storage to remember your cart. We do
          not use advertising or tracking cookies.
        </p>
      </PolicySection>

      <PolicySection id="rights" title="Your rights">
        <p>
          You may ask to see, correct or delete the personal information we hold about you by emailing{' '}
          <a href={`mailto:${STORE.email}`}>{STORE.email}</a>. Records we must keep by law (such as invoices) are kept
          for the period the law requires.
        </p>
      </PolicySection>

      <HelpCallout title="Questions about your privacy?" />
    </ContentPage>
  );
}
