import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ApplicantAvatar } from '../../features/offers/applications-received/applicant-avatar.tsx';
import { Avatar } from './avatar.tsx';

const VERSIONED = '/files/avatars/8c1f-u/avatar-lx2a9f3c.webp';
const sized = (width: number) => `/files/avatars/8c1f-u/avatar-lx2a9f3c_w${width}.webp ${width}w`;

describe('Avatar', () => {
  it('offers the small stored sizes for the width it is shown at', () => {
    render(<Avatar name="Jordan Miles" src={VERSIONED} />);
    const img = screen.getByRole('img', { name: 'Jordan Miles' });
    expect(img).toHaveAttribute('srcset', [48, 96, 192, 400].map(sized).join(', '));
    expect(img).toHaveAttribute('sizes', '40px');
    expect(img).toHaveAttribute('width', '40');
    expect(img).toHaveAttribute('height', '40');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
  });

  it('says its own width when a class changes it', () => {
    const { rerender } = render(<Avatar name="Jordan Miles" src={VERSIONED} size="sm" />);
    expect(screen.getByRole('img')).toHaveAttribute('sizes', '32px');
    rerender(
      <Avatar
        name="Jordan Miles"
        src={VERSIONED}
        size="lg"
        sizes="(min-width: 640px) 104px, 88px"
      />,
    );
    expect(screen.getByRole('img')).toHaveAttribute('sizes', '(min-width: 640px) 104px, 88px');
  });

  it('shows an avatar from before sizes were made as it is', () => {
    const legacy = '/files/avatars/8c1f-u/avatar.webp?v=lx2a9f3c';
    render(<Avatar name="Jordan Miles" src={legacy} />);
    const img = screen.getByRole('img', { name: 'Jordan Miles' });
    expect(img).toHaveAttribute('src', legacy);
    expect(img).not.toHaveAttribute('srcset');
    expect(img).not.toHaveAttribute('sizes');
  });

  it('shows the initials until the picture loads, and again when it cannot', () => {
    render(<Avatar name="Jordan Miles" src={VERSIONED} />);
    expect(screen.getByText('JM')).toBeInTheDocument();
    fireEvent.load(screen.getByRole('img'));
    expect(screen.queryByText('JM')).not.toBeInTheDocument();

    render(<Avatar name="Casey Stone" src="/files/avatars/gone/avatar-x1.webp" />);
    fireEvent.error(screen.getByRole('img', { name: 'Casey Stone' }));
    expect(screen.queryByRole('img', { name: 'Casey Stone' })).not.toBeInTheDocument();
    expect(screen.getByText('CS')).toBeInTheDocument();
  });

  it('shows only the initials without a picture', () => {
    render(<Avatar name="Jordan" src={null} />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('JO')).toBeInTheDocument();
  });
});

it("an applicant's avatar falls back to the first two letters of the name", () => {
  render(<ApplicantAvatar name="Jordan Miles" src={null} />);
  expect(screen.getByText('JO')).toBeInTheDocument();
});
