import { Link } from 'react-router';
import { guestEraseSchema, privacyTokenSchema } from '../../../shared/personal-data';
import { paths } from '../../../shared/paths';
import { ErasureDialog, useErasureForm } from '../../components/erasure-dialog';
import { Button } from '../../components/ui/button';
import { CheckboxField } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { cardClass, Section } from '../../components/ui/section';
import { useFormSubmit, useZodForm } from '../../lib/forms';
import { readLinkToken } from '../../lib/order-token';
import { toast } from '../../lib/toast';
import { useSession } from '../../lib/use-session';
import { downloadGuestData, eraseGuestData } from './orders-api';

/*
 * A guest's data under POPIA (docs/decisions/076), from the order page opened by its emailed link: the link proves
 * they read the order's address, so it is what the guest routes take. The placing browser's own token proves only
 * who placed the order, and a stranger holds nothing: neither sees this panel (and the routes refuse them).
 */

const alertClass = 'rounded-lg bg-red-50 p-3 text-sm text-red-800';

/** The copy: the link's token is the whole form, so a refusal (an account holds the address) reads in its alert. */
function DownloadForm({ orderNumber, token }: { orderNumber: string; token: string }) {
  const form = useZodForm(privacyTokenSchema, { defaultValues: { token } });
  const { onSubmit, busy, alert } = useFormSubmit(
    form,
    async (input) => {
      await downloadGuestData(orderNumber, input.token);
      toast.success('Your data has been downloaded.');
    },
    { report: 'alert' },
  );
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3">
      <FormAlert message={alert} className={alertClass} />
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? 'Preparing...' : 'Download My Data'}
      </Button>
    </form>
  );
}

/** The erasure's dialog: what goes and what the law keeps (the customer's own words), and the box. */
function EraseDialog({ orderNumber, token, onErased }: { orderNumber: string; token: string; onErased: () => void }) {
  const { input, dialog } = useErasureForm(guestEraseSchema, { token }, async (request) => {
    toast.success(await eraseGuestData(orderNumber, request));
    onErased();
  });
  return (
    <ErasureDialog
      title="Erase your data?"
      action="Erase My Data"
      confirmationTo="the address on this order"
      {...dialog}
    >
      <CheckboxField {...input('understood')}>I understand what is erased and what is kept</CheckboxField>
    </ErasureDialog>
  );
}

/**
 * 'Your Data' on the order page: for the holder of the order's emailed link, its download and erasure; for a
 * signed-in customer, the way to their account's Privacy tab; for anyone else, nothing.
 */
export function YourDataPanel({ orderNumber, onErased }: { orderNumber: string; onErased: () => void }) {
  const { user } = useSession();
  // The order's read has kept the link's token (and taken it out of the address bar) before this panel shows.
  const token = readLinkToken(orderNumber);
  if (!token && user?.role !== 'customer') return null;
  return (
    <Section title="Your Data" className={`mt-8 ${cardClass}`}>
      {token ? (
        <div className="mt-3 space-y-4 text-sm text-slate-700">
          <p>
            Download what we hold about you under this order&apos;s email address (orders, trade-ins, repairs and the
            emails we sent you), or ask us to erase it.
          </p>
          <DownloadForm orderNumber={orderNumber} token={token} />
          <EraseDialog orderNumber={orderNumber} token={token} onErased={onErased} />
        </div>
      ) : (
        <p className="mt-3 text-sm text-slate-700">
          Download or delete your data from{' '}
          <Link to={paths.account} className="text-brand-700 underline">
            My Account
          </Link>
          , under Privacy.
        </p>
      )}
    </Section>
  );
}
