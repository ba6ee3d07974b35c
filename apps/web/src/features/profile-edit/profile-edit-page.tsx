import type { SessionProfile } from '@arena/shared/auth.schema';
import { LIMITS } from '@arena/shared/limits';
import { MESSAGES } from '@arena/shared/messages';
import { updateProfileSchema } from '@arena/shared/profile.schema';
import type { UpdateProfileInput } from '@arena/shared/profile.schema';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';

import { DocumentTitle } from '../../components/document-title.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field, fieldControlProps } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { ApiRequestError } from '../../lib/http/api-error.ts';
import { useCurrentUser } from '../../lib/session/session-queries.ts';
import { CvField } from '../cv/cv-field.tsx';
import { profileHref } from '../people/person-identity.tsx';
import { useUpdateProfileMutation, useUploadAvatarMutation } from '../profile/profile-queries.ts';
import { compressAvatar } from './avatar-file.ts';
import { AvatarPicker } from './avatar-picker.tsx';

type ProfileValues = z.output<typeof updateProfileSchema>;

/** /profile/edit: full name, username, bio and avatar of the signed-in member. */
export function ProfileEditPage() {
  const me = useCurrentUser();
  if (!me) return <PageLoader />;
  return <ProfileEditForm profile={me.profile} />;
}

function ProfileEditForm({ profile }: { profile: SessionProfile }) {
  const navigate = useNavigate();
  const update = useUpdateProfileMutation();
  const upload = useUploadAvatarMutation();
  const [avatar, setAvatar] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const form = useForm<UpdateProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: {
      fullName: profile.fullName,
      username: profile.username,
      bio: profile.bio ?? '',
    },
  });
  const { errors } = form.formState;
  const bioLength = (form.watch('bio') ?? '').length;
  const busy = uploading || update.isPending;

  async function onValid(values: ProfileValues) {
    if (avatar) {
      setUploading(true);
      try {
        await upload.mutateAsync(await compressAvatar(avatar));
        setAvatar(null);
      } catch (error) {
        toast.error(
          error instanceof ApiRequestError ? error.message : MESSAGES.profile.imageFailed,
        );
        return;
      } finally {
        setUploading(false);
      }
    }
    try {
      const saved = await update.mutateAsync(values);
      toast.success(MESSAGES.profile.updated);
      await navigate(profileHref(saved.username));
    } catch (error) {
      const message = error instanceof ApiRequestError ? error.message : MESSAGES.internal;
      if (error instanceof ApiRequestError && error.status === 409) {
        form.setError('username', { message }, { shouldFocus: true });
      }
      toast.error(message);
    }
  }

  return (
    <div className="mx-auto max-w-2xl">
      <DocumentTitle title="Edit Profile" />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Edit Profile</h1>
      <Card className="mt-6 p-5 sm:p-6">
        <form noValidate onSubmit={form.handleSubmit(onValid)} className="grid gap-5">
          <AvatarPicker
            name={form.watch('fullName') || profile.fullName}
            currentUrl={profile.avatarUrl}
            file={avatar}
            onChange={setAvatar}
            disabled={busy}
          />
          <CvField id="profile-full-name" label="Full Name" error={errors.fullName?.message}>
            <Input
              autoComplete="name"
              maxLength={LIMITS.fullNameMax}
              {...form.register('fullName')}
            />
          </CvField>
          <CvField id="profile-username" label="Username" error={errors.username?.message}>
            <Input
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={LIMITS.usernameMax}
              {...form.register('username')}
            />
          </CvField>
          <Field id="profile-bio" label="Bio" error={errors.bio?.message}>
            <Textarea
              {...fieldControlProps('profile-bio', errors.bio?.message)}
              aria-describedby={
                errors.bio ? 'profile-bio-error profile-bio-count' : 'profile-bio-count'
              }
              rows={5}
              maxLength={LIMITS.bioMax}
              placeholder="Tell the community about yourself"
              {...form.register('bio')}
            />
            <p id="profile-bio-count" className="text-right text-xs text-slate-700">
              {bioLength}/{LIMITS.bioMax}
            </p>
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="ghost"
              disabled={busy}
              onClick={() => void navigate(profileHref(profile.username))}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {uploading ? 'Uploading...' : update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
