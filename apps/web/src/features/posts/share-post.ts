import { MESSAGES } from '@arena/shared/messages';
import { toast } from 'sonner';

/** The address of a post's page, to send to someone. */
function postUrl(postId: string): string {
  return new URL(`/posts/${postId}`, window.location.origin).toString();
}

/**
 * Shares a post's link: the system's share sheet where there is one (phones), else the link is
 * copied, with a toast. Closing the share sheet is not a failure.
 */
export async function sharePost(postId: string): Promise<void> {
  const url = postUrl(postId);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // Refused (not allowed here, say): copying the link still works.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success(MESSAGES.post.linkCopied);
  } catch {
    toast.error(MESSAGES.post.shareFailed);
  }
}
