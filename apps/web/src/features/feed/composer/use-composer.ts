import type { Sport } from '@arena/shared/constants';
import { MESSAGES } from '@arena/shared/messages';
import { createPostSchema } from '@arena/shared/post.schema';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';

import { useSessionManager } from '../../../lib/session/session-context.tsx';
import { errorMessage, useCreatePostMutation } from '../../posts/post-queries.ts';
import { checkPostMedia } from './media-rules.ts';
import { bytesMatchClaim } from './media-signature.ts';
import { uploadPostMedia } from './post-media-upload.ts';
import { prepareMedia } from './prepare-media.ts';
import type { Compress, PreparedMedia } from './prepare-media.ts';
import {
  POSTED,
  PROCESSING_DONE,
  UPLOAD_DONE,
  processingProgress,
  uploadProgress,
} from './progress.ts';

export type ComposerPhase = 'idle' | 'processing' | 'posting';

/**
 * The composer's state and its two pieces of work: preparing an attached file (checked,
 * compressed, previewed) and posting (upload with progress, then the post itself).
 */
export function useComposer({ compress }: { compress?: Compress } = {}) {
  const [content, setContent] = useState('');
  const [sport, setSport] = useState<Sport | null>(null);
  const [media, setMedia] = useState<PreparedMedia | null>(null);
  const [phase, setPhase] = useState<ComposerPhase>('idle');
  const [progress, setProgress] = useState<number | null>(null);
  const session = useSessionManager();
  const createPost = useCreatePostMutation();

  // Object URLs hold the file in memory until revoked: one preview at a time, none after leaving.
  const previewUrl = useRef<string | null>(null);
  useEffect(() => () => revoke(previewUrl.current), []);

  // A finished post leaves the full bar up a moment, so the end of the work can be seen.
  useEffect(() => {
    if (progress !== POSTED) return;
    const timer = setTimeout(() => setProgress(null), 800);
    return () => clearTimeout(timer);
  }, [progress]);
  function showMedia(next: PreparedMedia | null) {
    revoke(previewUrl.current);
    previewUrl.current = next?.previewUrl ?? null;
    setMedia(next);
  }

  async function attach(file: File) {
    const check = checkPostMedia(file);
    if (!check.ok) {
      toast.error(check.message);
      return;
    }
    // The name and type say what the file claims to be; its first bytes, what it is. The server
    // refuses a mismatch with these words too.
    if (!(await bytesMatchClaim(file, check).catch(() => false))) {
      toast.error(MESSAGES.post.mediaUnsupported);
      return;
    }
    setPhase('processing');
    setProgress(0);
    try {
      const prepared = await prepareMedia(
        file,
        check,
        (percent) => setProgress(processingProgress(percent)),
        compress,
      );
      showMedia(prepared);
      toast.success(MESSAGES.post.mediaReady);
    } catch (error) {
      console.error(error);
      toast.error(MESSAGES.post.mediaFailed);
    } finally {
      setPhase('idle');
      setProgress(null);
    }
  }

  async function submit() {
    if (phase !== 'idle') return;
    const parsed = createPostSchema.safeParse({ content, sport: sport ?? undefined });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? MESSAGES.post.createFailed);
      return;
    }
    setPhase('posting');
    try {
      let mediaId: string | null = null;
      if (media) {
        setProgress(PROCESSING_DONE);
        const upload = await uploadPostMedia(session, media.file, media.fileName, {
          onProgress: (fraction) => setProgress(uploadProgress(fraction)),
        });
        mediaId = upload.id;
      }
      setProgress(UPLOAD_DONE);
      await createPost.mutateAsync({
        content: parsed.data.content,
        sport: parsed.data.sport,
        mediaId,
      });
      setProgress(POSTED);
      setContent('');
      setSport(null);
      showMedia(null);
      toast.success(MESSAGES.post.created);
    } catch (error) {
      setProgress(null);
      toast.error(errorMessage(error, MESSAGES.post.createFailed));
    } finally {
      setPhase('idle');
    }
  }

  return {
    content,
    setContent,
    sport,
    setSport,
    media,
    removeMedia: () => showMedia(null),
    attach,
    submit,
    phase,
    progress,
    /** Spec section 2: Post waits for some text and a sport, and for any work to finish. */
    canPost: content.trim() !== '' && sport !== null && phase === 'idle',
  };
}

function revoke(url: string | null) {
  if (url) URL.revokeObjectURL(url);
}
