import {
  Briefcase,
  Compass,
  FilePlus,
  GraduationCap,
  House,
  Inbox,
  MessageSquare,
  ShieldCheck,
  Tent,
  UserPen,
  UserRound,
} from 'lucide-react';
import { useParams } from 'react-router';

import { PlaceholderPage } from './placeholder-page.tsx';

/* The routes of spec section 2 whose screens are built in later work. */

export function FeedPage() {
  return (
    <PlaceholderPage
      title="Home Feed"
      icon={House}
      description="Posts, reposts and updates from the people you follow will appear here."
    />
  );
}

export function ProfilePage() {
  const { username = '' } = useParams();
  return (
    <PlaceholderPage
      title="Profile"
      subtitle={`@${username}`}
      icon={UserRound}
      description="This member's profile, sport CV and posts will appear here."
    />
  );
}

export function ProfileEditPage() {
  return (
    <PlaceholderPage
      title="Edit Profile"
      icon={UserPen}
      description="Update your name, username, bio and avatar here."
    />
  );
}

export function DiscoverPage() {
  return (
    <PlaceholderPage
      title="Discover"
      icon={Compass}
      description="Find players, agents, coaches and clubs to follow."
    />
  );
}

export function MessagesPage() {
  return (
    <PlaceholderPage
      title="Messages"
      icon={MessageSquare}
      description="Your conversations will appear here."
    />
  );
}

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

export function OffersPage() {
  return (
    <PlaceholderPage
      title="Find Athlete Offers"
      icon={Briefcase}
      description="Offers from verified clubs, agents and coaches will be listed here."
    />
  );
}

export function PostOfferPage() {
  return (
    <PlaceholderPage
      title="Post Offers"
      icon={FilePlus}
      description="Post athlete offers and keep track of the ones you have posted."
    />
  );
}

export function ApplicationsReceivedPage() {
  return (
    <PlaceholderPage
      title="Applications Received"
      icon={Inbox}
      description="Applications to your offers will appear here."
    />
  );
}

export function VerifyPage() {
  return (
    <PlaceholderPage
      title="Verification Management"
      icon={ShieldCheck}
      description="Verification requests from agents, coaches and clubs will be reviewed here."
    />
  );
}
