import { UserRound } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { ACCOUNT_MESSAGES, profileSchema, type ProfileReply } from '../../../shared/accounts';
import { MAX_IMAGE_UPLOAD_BYTES, UPLOAD_IMAGE_TYPES } from '../../../shared/images';
import { useProfile } from '../../lib/account-reads';
import { ApiError } from '../../lib/api';
import { inputProps, useFormSubmit, useZodForm } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { refreshSession } from '../../lib/use-session';
import { Button } from '../ui/button';
import { EmailField, PasswordField, TextField } from '../ui/field';
import { useProfileSaves } from './profile-api';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}

function ProfileFields({ profile }: { profile: ProfileReply }) {
  const { saveProfile, savePicture } = useProfileSaves();
  const form = useZodForm(profileSchema, {
    defaultValues: { name: profile.name, email: profile.email, currentPassword: '' },
  });
  // A new email asks for the password too (the server refuses it otherwise).
  const changingEmail = (form.watch('email') ?? '').trim().toLowerCase() !== profile.email.toLowerCase();
  const input = inputProps(form, useId());
  const [uploading, setUploading] = useState(false);
  // The new email asked for, which changes once the link emailed to it is used: said under the field.
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);

  /** The header shows the name and email too: it asks the server again. */
  const saved = (message: string) => {
    void refreshSession();
    toast.success(message);
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_IMAGE_UPLOAD_BYTES) {
      toast.error('The picture must be at most 5 MB');
      return;
    }
    setUploading(true);
    try {
      saved((await savePicture(await readAsDataUrl(file))).message);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Could not upload the picture');
    } finally {
      setUploading(false);
    }
  };

  const { onSubmit, busy } = useFormSubmit(form, async (changes) => {
    const reply = await saveProfile(changes);
    saved(reply.message);
    setPendingEmail(reply.pendingEmail ?? null);
    // The field shows the email the account has until the link is used; the password is not kept.
    form.reset({ name: reply.profile.name, email: reply.profile.email, currentPassword: '' });
  });

  return (
    <div className="space-y-6">
      <div className="flex items-center gap-4">
        {profile.profilePicture ? (
          <img
            src={`${profile.profilePicture}?w=160`}
            alt={profile.name}
            className="size-20 rounded-full border border-slate-200 object-cover"
          />
        ) : (
          <span className="grid size-20 place-items-center rounded-full bg-slate-100 text-slate-400">
            <UserRound className="size-10" aria-hidden="true" />
          </span>
        )}
        <div>
          <label
            htmlFor="profile-picture"
            className="inline-flex cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 focus-within:ring-2 focus-within:ring-brand-600"
          >
            {uploading ? 'Uploading...' : 'Change picture'}
            <input
              id="profile-picture"
              type="file"
              accept={UPLOAD_IMAGE_TYPES.join(',')}
              className="sr-only"
              disabled={uploading}
              onChange={(e) => void upload(e)}
            />
          </label>
          <p className="mt-1 text-xs text-slate-500">JPEG, PNG or WebP, up to 5 MB.</p>
        </div>
      </div>
      <form noValidate className="space-y-4" onSubmit={onSubmit}>
        <TextField label="Name" autoComplete="name" required {...input('name')} />
        <EmailField
          hint={pendingEmail && !changingEmail ? ACCOUNT_MESSAGES.emailChangePending(pendingEmail) : undefined}
          {...input('email')}
        />
        {changingEmail && (
          <PasswordField
            label="Current Password"
            autoComplete="current-password"
            hint="Needed to change your email"
            {...input('currentPassword')}
          />
        )}
        {profile.identification && (
          <p className="text-sm text-slate-600">
            {profile.identification.type === 'passport' ? 'Passport Number' : 'ID Number'}:{' '}
            <span className="font-mono">{profile.identification.number}</span>
          </p>
        )}
        <Button type="submit" disabled={busy}>
          Save Profile
        </Button>
      </form>
    </div>
  );
}

/** Name, email and picture of whoever is signed in (customers on /account, agents on their dashboard). */
export function ProfileEditor() {
  const profile = useProfile();
  if (profile.isPending) return <p className="text-slate-600">Loading profile...</p>;
  if (!profile.data) return <p className="text-red-700">Could not load your profile.</p>;
  return <ProfileFields key={profile.data.email} profile={profile.data} />;
}
