import { SPORTS, SPORT_LABELS } from '@arena/shared/constants';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { apiError } from '../../../test/fake-api.ts';
import { makePost, setupProviders } from '../../../test/posts-harness.tsx';
import { Composer } from './composer.tsx';
import { uploadPostMedia } from './post-media-upload.ts';
import type { Compress } from './prepare-media.ts';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('./post-media-upload.ts', () => ({ uploadPostMedia: vi.fn() }));

const MB = 1024 * 1024;

// File uploads take a while in jsdom, more so on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const createObjectURL = vi.fn((_blob: Blob) => 'blob:preview');
const revokeObjectURL = vi.fn((_url: string) => undefined);

beforeEach(() => {
  vi.clearAllMocks();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderComposer(
  options: { compress?: Compress; createReply?: Parameters<typeof setupProviders>[0] } = {},
) {
  const providers = setupProviders({
    api: { '/api/posts': [{ status: 201, body: makePost() }] },
    ...options.createReply,
  });
  const compress = options.compress ?? vi.fn<Compress>((file) => Promise.resolve(file));
  render(<Composer compress={compress} />, { wrapper: providers.Wrapper });
  const user = userEvent.setup({ applyAccept: false });
  return {
    ...providers,
    user,
    compress,
    content: screen.getByLabelText("What's happening in your sport?"),
    postButton: () => screen.getByRole('button', { name: /^(Post|Posting\.\.\.)$/ }),
    fileInput: screen.getByLabelText('Photo or video'),
    chooseSport: async (name: string) => {
      await user.selectOptions(screen.getByRole('combobox', { name: 'Sport' }), name);
    },
  };
}

/** The first bytes of a file of each kind (the composer checks them before saying it is ready). */
const HEADS: Record<string, Uint8Array> = {
  jpeg: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
  png: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  webp: new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50]),
  heic: new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63]),
  mp4: new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]),
};

function headFor(name: string, type: string): Uint8Array {
  if (/\.heic$/i.test(name)) return HEADS.heic!;
  if (type.startsWith('video/')) return HEADS.mp4!;
  if (type === 'image/png') return HEADS.png!;
  if (type === 'image/webp') return HEADS.webp!;
  return HEADS.jpeg!;
}

function fileOf(name: string, type: string, size?: number, head = headFor(name, type)): File {
  const file = new File([head as BlobPart, 'bytes'], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

it('offers the whole list of sports', () => {
  renderComposer();
  const options = within(screen.getByRole('combobox', { name: 'Sport' })).getAllByRole('option');
  expect(options.map((option) => option.textContent)).toEqual([
    'Select sport',
    ...SPORTS.map((sport) => SPORT_LABELS[sport]),
  ]);
});

describe('Post button', () => {
  it('waits for text that is not blank and a sport', async () => {
    const { user, content, postButton, chooseSport } = renderComposer();
    expect(postButton()).toBeDisabled();
    await user.type(content, '   ');
    await chooseSport('Tennis');
    expect(postButton()).toBeDisabled();
    await user.type(content, 'Match point!');
    expect(postButton()).toBeEnabled();
  });
});

describe('validation', () => {
  it('toasts the first problem, in order: empty, then sport', async () => {
    const { user, content, api } = renderComposer();
    content.focus();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(toast.error).toHaveBeenLastCalledWith('Post content cannot be empty');
    await user.type(content, 'Hello');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(toast.error).toHaveBeenLastCalledWith('Please select a sport');
    expect(api.callsTo('/api/posts')).toHaveLength(0);
  });

  it('says the post is too long before asking for a sport, and counts the characters', async () => {
    const { user, content } = renderComposer();
    await user.click(content);
    await user.paste('x'.repeat(2001));
    expect(screen.getByText('2001/2000')).toBeInTheDocument();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(toast.error).toHaveBeenLastCalledWith('Post must be less than 2000 characters');
  });
});

describe('media', () => {
  it.each([
    [
      'a.gif',
      'image/gif',
      MB,
      'Unsupported file type. Please use JPG, PNG, WEBP, MP4, MOV, or WEBM.',
    ],
    ['big.jpg', 'image/jpeg', 21 * MB, 'Image too large. Maximum size is 20MB.'],
    ['big.mp4', 'video/mp4', 101 * MB, 'Video too large. Maximum size is 100MB.'],
  ])('refuses %s (%s, %i bytes)', async (name, type, size, message) => {
    const { user, fileInput, compress } = renderComposer();
    await user.upload(fileInput, fileOf(name, type, size));
    expect(toast.error).toHaveBeenCalledWith(message);
    expect(compress).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Remove media' })).not.toBeInTheDocument();
  });

  it('refuses a text file renamed .jpg with the server’s words, and never calls it ready', async () => {
    const { user, fileInput, compress } = renderComposer();
    const notes = new TextEncoder().encode('Training notes: sprints, then drills.');
    await user.upload(fileInput, fileOf('photo.jpg', 'image/jpeg', undefined, notes));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Unsupported file type. Please use JPG, PNG, WEBP, MP4, MOV, or WEBM.',
      ),
    );
    expect(toast.success).not.toHaveBeenCalled();
    expect(compress).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Remove media' })).not.toBeInTheDocument();
  });

  it("compresses a photo to JPEG, showing 'Processing...' as it goes, then previews it", async () => {
    let finish: (file: File) => void = () => undefined;
    const compress = vi.fn<Compress>(
      (_file, options) =>
        new Promise<File>((resolve) => {
          options.onProgress?.(40);
          finish = resolve;
        }),
    );
    const { user, fileInput } = renderComposer({ compress });
    await user.upload(fileInput, fileOf('match.png', 'image/png'));
    const bar = await screen.findByRole('progressbar', { name: 'Processing...' });
    expect(bar).toHaveAttribute('aria-valuenow', '20');
    expect(compress.mock.calls[0]?.[1]).toMatchObject({
      maxSizeMB: 2,
      maxWidthOrHeight: 2048,
      fileType: 'image/jpeg',
    });
    finish(fileOf('match.png', 'image/jpeg'));
    expect(await screen.findByRole('img', { name: 'Photo to post' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    expect(toast.success).toHaveBeenCalledWith('Media ready to post!');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove media' }));
    expect(screen.queryByRole('img', { name: 'Photo to post' })).not.toBeInTheDocument();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview');
  });

  it('uses the original when compression fails', async () => {
    const compress = vi.fn<Compress>(() => Promise.reject(new Error('canvas tainted')));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user, fileInput } = renderComposer({ compress });
    const original = fileOf('match.webp', 'image/webp');
    await user.upload(fileInput, original);
    await screen.findByRole('img', { name: 'Photo to post' });
    expect(createObjectURL).toHaveBeenCalledWith(original);
    expect(toast.success).toHaveBeenCalledWith('Media ready to post!');
  });

  it('shows a HEIC photo by its name and does not try to compress it', async () => {
    const { user, fileInput, compress } = renderComposer();
    await user.upload(fileInput, fileOf('IMG_0042.HEIC', ''));
    expect(await screen.findByText('IMG_0042.HEIC')).toBeInTheDocument();
    expect(compress).not.toHaveBeenCalled();
    expect(screen.queryByRole('img', { name: 'Photo to post' })).not.toBeInTheDocument();
  });
});

describe('posting', () => {
  it('uploads with real progress, posts with the media id, then clears everything', async () => {
    let finishUpload: () => void = () => undefined;
    vi.mocked(uploadPostMedia).mockImplementation(
      (_session, _file, _name, options) =>
        new Promise((resolve) => {
          options?.onProgress?.(0.5);
          finishUpload = () =>
            resolve({
              id: '11111111-1111-4111-8111-111111111111',
              url: '/x.jpg',
              mediaType: 'image',
            });
        }),
    );
    const { user, content, fileInput, postButton, chooseSport, api } = renderComposer();
    await user.type(content, '  Derby day  ');
    await chooseSport('Football');
    await user.upload(fileInput, fileOf('derby.jpg', 'image/jpeg'));
    await screen.findByRole('img', { name: 'Photo to post' });
    await user.click(postButton());

    const bar = await screen.findByRole('progressbar', { name: 'Uploading...' });
    expect(bar).toHaveAttribute('aria-valuenow', '70');
    expect(postButton()).toBeDisabled();
    expect(postButton()).toHaveTextContent('Posting...');
    finishUpload();

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Post created successfully!'));
    expect(api.callsTo('/api/posts')[0]?.body).toEqual({
      content: 'Derby day',
      sport: 'football',
      mediaId: '11111111-1111-4111-8111-111111111111',
    });
    expect(content).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Sport' })).toHaveDisplayValue('Select sport');
    expect(screen.queryByRole('img', { name: 'Photo to post' })).not.toBeInTheDocument();
  });

  it("keeps what was written and shows the server's reason when the post fails", async () => {
    const { user, content, postButton, chooseSport } = renderComposer({
      createReply: { api: { '/api/posts': [apiError(404, 'not_found', 'Profile not found')] } },
    });
    await user.type(content, 'Hello');
    await chooseSport('Padel');
    await user.click(postButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Profile not found'));
    expect(content).toHaveValue('Hello');
    expect(uploadPostMedia).not.toHaveBeenCalled();
    expect(
      within(screen.getByRole('form', { name: 'Create a post' })).queryByRole('progressbar'),
    ).toBeNull();
  });

  it("falls back to 'Failed to create post'", async () => {
    const { user, content, postButton, chooseSport } = renderComposer({
      createReply: { api: { '/api/posts': [{ networkError: true }] } },
    });
    await user.type(content, 'Hello');
    await chooseSport('Rugby');
    await user.click(postButton());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to create post'));
  });
});
