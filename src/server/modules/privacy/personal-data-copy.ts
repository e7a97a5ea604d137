import { type PersonalDataHolder, type PersonalDataSummary } from '../../../shared/personal-data';
import { STORE } from '../../../shared/store';
import type { Database, DbHandle } from '../../db/client';
import { zip } from '../../lib/zip';
import { accountRecordOf, type AccountRecord } from '../accounts';
import { messagesFrom, type MessageRecord } from '../contact';
import { imageFiles } from '../images';
import { emailsSentTo, type EmailRecord } from '../mail';
import { ordersHeldFor, ordersInProgress, type OrderRecord } from '../orders';
import { paymentsOfOrders, type PaymentRecord } from '../payments';
import { repairsHeldFor, repairsInProgress, type RepairRecord } from '../repairs';
import { returnsHeldFor, returnsInProgress, type ReturnRecord } from '../returns';
import { tradeInsHeldFor, tradeInsInProgress, type TradeInRecord } from '../trade-ins';

/*
 * A person's copy of what the store holds about them (docs/decisions/076): each module answers for its own tables,
 * this gathers them into one ZIP: `my-data.json` with every record, and the images (the profile picture, the
 * photos of devices they sold and those sent with a return request) under `images/`, named in the JSON where they belong.
 */

/** Everything held about one person, as the copy's JSON shows it (images by their file names in the ZIP). */
export interface PersonalData {
  account: (Omit<AccountRecord, 'pictureImageId'> & { picture: string | null }) | null;
  orders: OrderRecord[];
  payments: PaymentRecord[];
  tradeIns: (Omit<TradeInRecord, 'photoImageIds'> & { photos: string[] })[];
  repairs: RepairRecord[];
  returns: (Omit<ReturnRecord, 'photoImageIds'> & { photos: string[] })[];
  emails: EmailRecord[];
  messages: MessageRecord[];
}

interface Gathered {
  data: PersonalData;
  /** The images to put in the ZIP: their file name there, and their id. */
  images: { file: string; imageId: string }[];
}

async function gather(db: Database, holder: PersonalDataHolder): Promise<Gathered> {
  const images: Gathered['images'] = [];
  const imageFile = (file: string, imageId: string) => {
    images.push({ file, imageId });
    return file;
  };

  // 1. Each module's records, matched by the account or by the email address.
  const account = holder.customerId ? await accountRecordOf(db, holder.customerId) : null;
  const { orders, orderIds } = await ordersHeldFor(db, holder);
  const payments = await paymentsOfOrders(db, orderIds);
  const tradeIns = await tradeInsHeldFor(db, holder);
  const repairs = await repairsHeldFor(db, holder);
  const returns = await returnsHeldFor(db, holder);
  const emails = await emailsSentTo(db, holder.email);
  const messages = await messagesFrom(db, holder.email);

  // 2. The images named where they belong.
  const { pictureImageId, ...accountRest } = account ?? { pictureImageId: null };
  return {
    data: {
      account: account
        ? {
            ...(accountRest as Omit<AccountRecord, 'pictureImageId'>),
            picture: pictureImageId ? imageFile('images/profile-picture.webp', pictureImageId) : null,
          }
        : null,
      orders,
      payments,
      tradeIns: tradeIns.map(({ photoImageIds, ...tradeIn }) => ({
        ...tradeIn,
        photos: photoImageIds.map((id, n) =>
          imageFile(`images/trade-in-${tradeIn.transactionNumber}-${n + 1}.webp`, id),
        ),
      })),
      repairs,
      returns: returns.map(({ photoImageIds, ...request }) => ({
        ...request,
        photos: photoImageIds.map((id, n) => imageFile(`images/return-${request.returnNumber}-${n + 1}.webp`, id)),
      })),
      emails,
      messages,
    },
    images,
  };
}

const README = (holder: PersonalDataHolder, at: Date) =>
  [
    `What ${STORE.name} holds about ${holder.email}, as of ${at.toISOString()}.`,
    '',
    'my-data.json holds every record: your account (profile, address, saved payment details, sign-ins), your',
    'orders and their payments, the devices you sold us, your repairs, your return and warranty requests, the',
    'emails we sent you and the messages you sent us. The images folder holds your profile picture, the photos',
    'of the devices you sold us and the photos you sent with a return or warranty request.',
    '',
    `Questions, or something to correct: ${STORE.email}.`,
    '',
  ].join('\r\n');

/** The person's copy, as a ZIP's bytes. */
export async function personalDataZip(db: Database, holder: PersonalDataHolder, at: Date): Promise<Buffer> {
  const { data, images } = await gather(db, holder);
  const stored = new Map(
    (
      await imageFiles(
        db,
        images.map((image) => image.imageId),
      )
    ).map((file) => [file.id, file]),
  );
  const parts: Buffer[] = [];
  for await (const part of zip([
    { name: 'README.txt', data: README(holder, at) },
    { name: 'my-data.json', data: `${JSON.stringify({ exportedAt: at.toISOString(), ...data }, null, 2)}\n` },
    ...images.flatMap((image) => {
      const file = stored.get(image.imageId);
      return file ? [{ name: image.file, data: file.data }] : [];
    }),
  ])) {
    parts.push(part);
  }
  return Buffer.concat(parts);
}

/** What is held under an address, counted, and what stops its erasure (the admin's lookup). */
export async function personalDataSummary(
  db: Database,
  holder: PersonalDataHolder,
  account: { name: string; createdAt: Date } | null,
  now: Date,
): Promise<PersonalDataSummary> {
  const { data } = await gather(db, holder);
  return {
    email: holder.email,
    account: account ? { name: account.name, createdAt: account.createdAt.toISOString() } : null,
    counts: {
      orders: data.orders.length,
      tradeIns: data.tradeIns.length,
      repairs: data.repairs.length,
      returns: data.returns.length,
      emails: data.emails.length,
      messages: data.messages.length,
    },
    inProgress: await recordsInProgress(db, holder, now),
  };
}

/** The person's orders, trade-ins, repairs and return requests not yet finished, by number: an erasure waits for them. */
export async function recordsInProgress(db: DbHandle, holder: PersonalDataHolder, now: Date): Promise<string[]> {
  return [
    ...(await ordersInProgress(db, holder, now)),
    ...(await tradeInsInProgress(db, holder)),
    ...(await repairsInProgress(db, holder)),
    ...(await returnsInProgress(db, holder)),
  ];
}
