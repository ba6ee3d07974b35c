import { GraduationCap, Tent } from 'lucide-react';

import { PlaceholderPage } from './placeholder-page.tsx';

/* Routes of spec section 2 whose content the spec does not show: a heading and a short line. */

export function SportCampsPage() {
  return (
    <PlaceholderPage
      title="Sport Camps"
      icon={Tent}
      description="Training camps to sharpen your skills will be listed here."
    />
  );
}

export function ScholarshipsPage() {
  return (
    <PlaceholderPage
      title="Scholarships"
      icon={GraduationCap}
      description="Scholarship opportunities will be listed here."
    />
  );
}
