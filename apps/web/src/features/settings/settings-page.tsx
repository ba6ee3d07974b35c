import { useSettingsPage } from './settings-page-queries.ts';
import { DocumentTitle } from '../../components/document-title.tsx';
import { AccountTypeSection } from './account-type-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';
import { SignInMethodsSection } from './sign-in-methods-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { PrivacySection } from './privacy-section.tsx';
import { MessagePolicySection } from './message-policy-section.tsx';
import { NotificationSettingsSection } from '../notifications/notification-settings-section.tsx';
import { BlockedMutedSection } from '../safety/blocked-muted-section.tsx';
import { GuardianSection } from '../guardians/guardian-section.tsx';
import { PublicProfileSettingsSection } from '../public-profile/public-profile-settings-section.tsx';

/**
 * /settings: the signed-in member's account and security. Each section is its own component
 * (account type, password, two-factor and passkeys, sign-in methods, sessions, notifications,
 * who can message me, public profile, blocked and muted members, your data), listed here in
 * page order. Their lists come in one request (the public profile asks for its own); until it
 * has answered, each shows its loading state.
 */
export function SettingsPage() {
  const { ready } = useSettingsPage();
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <DocumentTitle title="Settings" />
      <h1 className="text-2xl font-bold text-slate-900">Settings</h1>
      <AccountTypeSection />
      <PasswordSection />
      <TwoFactorSection ready={ready} />
      <SignInMethodsSection ready={ready} />
      <SessionsSection ready={ready} />
      <NotificationSettingsSection />
      <MessagePolicySection ready={ready} />
      <PublicProfileSettingsSection ready={ready} />
      <BlockedMutedSection ready={ready} />
      <GuardianSection ready={ready} />
      <PrivacySection ready={ready} />
    </div>
  );
}
