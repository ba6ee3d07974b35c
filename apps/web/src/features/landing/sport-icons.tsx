import type { SVGProps } from 'react';

/* Ball icons lucide lacks, drawn on its 24-unit grid with the same stroke so they sit alongside. */

function BallIcon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      {...props}
    >
      <circle cx="12" cy="12" r="10" />
      {children}
    </svg>
  );
}

export function BasketballIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <BallIcon {...props}>
      <path d="M12 2v20M2 12h20" />
      <path d="M4.9 4.9c2.8 2.8 2.8 11.4 0 14.2M19.1 4.9c-2.8 2.8-2.8 11.4 0 14.2" />
    </BallIcon>
  );
}

export function FootballIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <BallIcon {...props}>
      <path d="m12 7.5 4.3 3.1-1.6 5H9.3l-1.6-5Z" />
      <path d="M12 7.5V2.5M16.3 10.6l4.5-1.5M14.7 15.6l2.8 4M9.3 15.6l-2.8 4M7.7 10.6 3.2 9.1" />
    </BallIcon>
  );
}

export function TennisBallIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <BallIcon {...props}>
      <path d="M4.2 5.8c3.6 3.3 3.6 9.1 0 12.4M19.8 5.8c-3.6 3.3-3.6 9.1 0 12.4" />
    </BallIcon>
  );
}
